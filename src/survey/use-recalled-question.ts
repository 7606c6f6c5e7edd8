/**
 * The question on screen with its {answer:…} recalls filled in
 * (src/core/interpolate.ts). It watches only the answers the question
 * recalls, all of earlier questions, so typing in this question re-renders
 * nothing here, and a question without recalls subscribes to nothing.
 */
import { useMemo } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import { recalledIds, recalledQuestion } from "../core/interpolate.ts";
import type { Question, SurveyConfig } from "../generated/survey-config.ts";

export function useRecalledQuestion(config: SurveyConfig, question: Question, form: UseFormReturn<Answers>): Question {
  const ids = useMemo(() => recalledIds(question), [question]);
  const values: unknown = useWatch({ control: form.control, name: ids, disabled: ids.length === 0 });
  const key = JSON.stringify(values);
  // `key` stands for the watched answers: the texts change only when one of them does.
  return useMemo(() => recalledQuestion(question, config, form.getValues()), [question, config, form, key]);
}
