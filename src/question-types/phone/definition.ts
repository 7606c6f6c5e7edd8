/**
 * A phone number. The input (with libphonenumber-js, in its own chunk) turns
 * what is typed into E.164 once it is a valid number of the default country
 * or of its +code, and leaves the text as typed otherwise; so here, without
 * the library, an answer that is not E.164 is one the library refused.
 */
import { isE164, TYPED_MAX } from "./e164.ts";
import { fitText, TEXT_TESTS } from "../shared/answers.ts";
import { typedAnswer } from "../shared/typed-answer.ts";

export const phone = /* @__PURE__ */ typedAnswer<"phone">({
  tests: TEXT_TESTS,
  comparesNumbers: false,
  invalidMessage: (_question, value) => (typeof value === "string" && isE164(value) ? undefined : "phoneInvalid"),
  // A draft holds what the input last set: an E.164 number, or text still being typed.
  fitDraft: (_question, value) => fitText(value, TYPED_MAX),
});
