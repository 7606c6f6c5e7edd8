/** A date, held as the date field gives it (YYYY-MM-DD, "" unanswered), within its limits on the respondent's today. */
import { dateAllowed, ISO_DATE, isRealDate } from "./bounds.ts";
import { rangeMessage, rangeValues } from "./range-message.ts";
import { textOf } from "../shared/answers.ts";
import type { QuestionDefinition } from "../types.ts";

export const date = {
  kind: "date",
  emptyAnswer: () => "",
  requiredMessage: "required",
  companion: () => undefined,
  tests: ["before", "after", "is"],
  comparesNumbers: false,
  withPlaceholders: (question) => question,
  invalidMessage: (question, value) => {
    if (typeof value !== "string" || !isRealDate(value)) return "dateOutOfRange";
    return dateAllowed(value, question) ? undefined : rangeMessage(question);
  },
  invalidValues: rangeValues,
  // Its limits are checked again where the respondent lands (a relative limit may have moved since).
  fitDraft: (_question, value) => (value === "" || (typeof value === "string" && ISO_DATE.test(value)) ? value : undefined),
  rowValue: (_question, value) => textOf(value),
} satisfies QuestionDefinition<"date">;
