/**
 * Which questions are asked, recomputed when an answer that some condition
 * reads changes, and only then: the runner watches those fields alone, so a
 * keystroke in any other answer re-renders nothing here, and a survey
 * without conditions does not subscribe at all.
 */
import { useMemo } from "react";
import { useWatch, type Control } from "react-hook-form";
import type { AnswerValue, Answers } from "../core/answers.ts";
import { conditionInputs, visibilityOf } from "../core/visibility.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export function useVisibility(config: SurveyConfig, control: Control<Answers>): boolean[] {
  const inputs = useMemo(() => conditionInputs(config), [config]);
  const values = useWatch({ control, name: inputs, disabled: inputs.length === 0 }) as AnswerValue[];
  const answers: Answers = Object.fromEntries(inputs.map((id, index) => [id, values[index]!]));
  return visibilityOf(config, answers);
}
