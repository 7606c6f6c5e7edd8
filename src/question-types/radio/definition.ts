/** One option out of a few, all shown. */
import { companionWithPlaceholder } from "../shared/answers.ts";
import { chosenOption } from "../shared/typed-answer.ts";

export const radio = /* @__PURE__ */ chosenOption<"radio">((question, messages) =>
  question.other ? { ...question, other: companionWithPlaceholder(question.other, messages) } : question,
);
