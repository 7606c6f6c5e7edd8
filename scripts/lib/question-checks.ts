/**
 * Checks inside single questions that the schema cannot express, one module
 * per kind: options (option-checks.ts) and sliders (slider-checks.ts).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { optionErrors } from "./option-checks.ts";
import { sliderErrors } from "./slider-checks.ts";
import type { Located } from "./survey-error.ts";

export function questionErrors(config: SurveyConfig): Located[] {
  return config.questions.flatMap((question, index) => {
    const pointer = `/questions/${index}`;
    if (question.type === "slider") return sliderErrors(question, pointer);
    return "options" in question ? optionErrors(question, pointer) : [];
  });
}
