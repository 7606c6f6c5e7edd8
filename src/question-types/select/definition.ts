/** One option out of a closed list (a country), with a placeholder on the list. */
import { companionWithPlaceholder } from "../shared/answers.ts";
import { chosenOption } from "../shared/typed-answer.ts";

export const select = /* @__PURE__ */ chosenOption<"select">((question, messages) => ({
  ...question,
  placeholder: question.placeholder ?? messages.selectPlaceholder,
  ...(question.other && { other: companionWithPlaceholder(question.other, messages) }),
}));
