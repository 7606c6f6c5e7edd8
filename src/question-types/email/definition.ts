/** One email address, typed; the page refuses anything that is not one address, and stores the domain lower-cased. */
import { EMAIL_MAX, isEmail, storedEmail } from "./address.ts";
import { fitText, textOf, TEXT_TESTS } from "../shared/answers.ts";
import type { QuestionDefinition } from "../types.ts";

export const email = {
  kind: "text",
  emptyAnswer: () => "",
  requiredMessage: "required",
  companion: () => undefined,
  tests: TEXT_TESTS,
  comparesNumbers: false,
  withPlaceholders: (question, messages) => ({ ...question, placeholder: question.placeholder ?? messages.answerPlaceholder }),
  invalidMessage: (_question, value) => (typeof value === "string" && isEmail(value.trim()) ? undefined : "emailInvalid"),
  fitDraft: (_question, value) => fitText(value, EMAIL_MAX),
  rowValue: (_question, value) => {
    const text = textOf(value);
    return text === null ? null : storedEmail(text);
  },
} satisfies QuestionDefinition<"email">;
