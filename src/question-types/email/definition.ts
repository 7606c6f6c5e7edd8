/** One email address, typed; the page refuses anything that is not one address, and stores the domain lower-cased. */
import { EMAIL_MAX, isEmail, storedEmail } from "./address.ts";
import { fitText, textOf, TEXT_TESTS } from "../shared/answers.ts";
import { typedAnswer } from "../shared/typed-answer.ts";

export const email = /* @__PURE__ */ typedAnswer<"email">({
  tests: TEXT_TESTS,
  comparesNumbers: false,
  invalidMessage: (_question, value) => (typeof value === "string" && isEmail(value.trim()) ? undefined : "emailInvalid"),
  fitDraft: (_question, value) => fitText(value, EMAIL_MAX),
  rowValue: (_question, value) => {
    const text = textOf(value);
    return text === null ? null : storedEmail(text);
  },
});
