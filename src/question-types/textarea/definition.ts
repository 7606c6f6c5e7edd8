/** A longer text answer on several lines, at most its maxLength characters, stored trimmed. */
import { LIMITS } from "../../core/fields.ts";
import { fitText, TEXT_TESTS } from "../shared/answers.ts";
import { typedAnswer } from "../shared/typed-answer.ts";

export const textarea = /* @__PURE__ */ typedAnswer<"textarea">({
  tests: TEXT_TESTS,
  comparesNumbers: false,
  fitDraft: (question, value) => fitText(value, question.maxLength ?? LIMITS.textLength),
});
