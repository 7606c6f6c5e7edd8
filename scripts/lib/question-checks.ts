/** Checks inside single questions that the schema cannot express: each type's own (options, a slider's scale). */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import type { Located } from "../../src/core/checks/located.ts";

export function questionErrors(config: SurveyConfig): Located[] {
  return config.questions.flatMap((question, index) => toolsOf(question).fileErrors(question, `/questions/${index}`));
}
