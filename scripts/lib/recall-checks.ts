/**
 * Checks on {answer:<questionId>} recalls (src/core/interpolate.ts): each
 * names a question asked earlier (so the answer exists when the text is
 * shown); a question that its condition may hide needs a fallback text
 * ({answer:id|text}); and an option that recalls is written as
 * {"value", "label"}, so what is stored never changes with the answer.
 */
import { recallsIn, recallTexts } from "../../src/core/interpolate.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { scopeOf, unknownQuestion } from "./condition-checks.ts";
import type { Located } from "../../src/core/checks/located.ts";

export function recallErrors(config: SurveyConfig): Located[] {
  return config.questions.flatMap((question, owner) => {
    const scope = scopeOf(config, owner);
    return recallTexts(question).flatMap(({ path, text }) => {
      const pointer = `/questions/${owner}/${path}`;
      return recallsIn(text).flatMap(({ questionId, fallback }): Located[] => {
        const recalled = scope.earlier.get(questionId);
        if (!recalled) return [{ pointer, message: unknownQuestion(questionId, scope, "a recall") }];
        if (recalled.showIf && fallback === undefined) {
          return [{ pointer, message: `"${questionId}" is asked only when its condition holds (/questions/${scope.indexOf.get(questionId)}/showIf); give a text for when it is not, e.g. {answer:${questionId}|…}` }];
        }
        if (/^options\/\d+$/.test(path)) {
          return [{ pointer, message: `an option that recalls an answer must be written as {"value": "…", "label": "${text}"}, so that what is stored does not change with the answer` }];
        }
        return [];
      });
    });
  });
}
