/**
 * The runner's side of random order (src/core/shown-order.ts): the order is
 * drawn into the answers the form opens with, and the survey the runner
 * shows is the file in that order, read back from the answers on every
 * change (a restored draft or a resumed partial response brings its own).
 * The runner calls it only on a site that shuffles (SITE_SHUFFLE).
 */
import { useMemo } from "react";
import { useWatch, type Control } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { freshSeed } from "../core/seeded-random.ts";
import { drawShownOrder, orderedSurvey, readShownOrder, SHOWN_ORDER_ID, usesShuffle } from "../core/shown-order.ts";

/** The opening answers with a newly drawn order, for a survey that shuffles. */
export function withShownOrder(config: ResolvedSurvey, answers: Answers): Answers {
  return usesShuffle(config) ? { ...answers, [SHOWN_ORDER_ID]: JSON.stringify(drawShownOrder(config, freshSeed())) } : answers;
}

/** The survey in the order kept in the answers. */
export function useShownOrder(config: ResolvedSurvey, control: Control<Answers>): ResolvedSurvey {
  const text = useWatch({ control, name: SHOWN_ORDER_ID }) as unknown;
  return useMemo(() => {
    if (!usesShuffle(config)) return config;
    return orderedSurvey(config, readShownOrder(text) ?? {});
  }, [config, text]);
}
