/** A one-line text answer (a name, a city): at most its maxLength characters, stored trimmed. */
import { LIMITS } from "../../core/fields.ts";
import { fitText, TEXT_TESTS } from "../shared/answers.ts";
import { typedAnswer } from "../shared/typed-answer.ts";

export const text = /* @__PURE__ */ typedAnswer<"text">({
  tests: TEXT_TESTS,
  comparesNumbers: false,
  fitDraft: (question, value) => fitText(value, question.maxLength ?? LIMITS.textLength),
});
