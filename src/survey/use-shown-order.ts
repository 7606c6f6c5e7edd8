/**
 * The runner's side of random order (src/core/shown-order.ts): the order is
 * drawn into the answers the form opens with, and the survey the runner
 * shows is the file in that order, read back from the answers on every
 * change (a restored draft or a resumed partial response brings its own).
 * A site that shuffles nothing loads this module as the identity
 * (scripts/vite-plugin-site-shuffle.ts).
 */
import { useMemo } from "react";
import { useWatch, type Control } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { freshSeed } from "../core/seeded-random.ts";
import { drawShownOrder, orderedSurvey, readShownOrder, SHOWN_ORDER, usesShuffle } from "../core/shown-order.ts";

/** The opening answers with a newly drawn order, for a survey that shuffles. */
export function withShownOrder(config: ResolvedSurvey, answers: Answers): Answers {
  return usesShuffle(config) ? { ...answers, [SHOWN_ORDER.id]: JSON.stringify(drawShownOrder(config, freshSeed())) } : answers;
}

/** The survey in the order kept in the answers. */
export function useShownOrder(config: ResolvedSurvey, control: Control<Answers>): ResolvedSurvey {
  const text = useWatch({ control, name: SHOWN_ORDER.id }) as unknown;
  return useMemo(() => {
    if (!usesShuffle(config)) return config;
    return orderedSurvey(config, readShownOrder(text) ?? {});
  }, [config, text]);
}
