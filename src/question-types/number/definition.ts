/**
 * A number typed as text (an age): stored as typed, as text, so that nothing
 * the respondent wrote is lost; conditions read it as a number when it is one.
 */
import { fitText, NUMERIC_TESTS } from "../shared/answers.ts";
import { typedAnswer } from "../shared/typed-answer.ts";

export const number = /* @__PURE__ */ typedAnswer<"number">({ tests: NUMERIC_TESTS, comparesNumbers: true, fitDraft: (_question, value) => fitText(value) });
