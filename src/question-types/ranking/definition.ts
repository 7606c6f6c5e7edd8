/**
 * Every option (or the first `top` of them) put in order, stored as the list
 * of option values in rank order. Empty until the respondent moves an option
 * or accepts the order shown, so a required ranking is a decision, not the
 * file's order by default.
 */
import { optionValue } from "../../core/fields.ts";
import type { QuestionDefinition, QuestionOf } from "../types.ts";

/** How many places are stored: `top`, at most the number of options. */
export const rankedCount = (question: QuestionOf<"ranking">) => Math.min(question.top ?? Infinity, question.options.length);

/** A complete ranking: distinct options, exactly rankedCount of them. */
export function isRanking(question: QuestionOf<"ranking">, value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length !== rankedCount(question)) return false;
  const options = new Set(question.options.map(optionValue));
  return new Set(value).size === value.length && value.every((entry) => typeof entry === "string" && options.has(entry));
}

export const ranking = {
  kind: "list",
  emptyAnswer: () => [],
  requiredMessage: "rankingRequired",
  companion: () => undefined,
  tests: ["topChoice", "is"],
  comparesNumbers: false,
  withPlaceholders: (question, messages) => ({
    ...question,
    moveUpLabel: question.moveUpLabel ?? messages.rankingMoveUp,
    moveDownLabel: question.moveDownLabel ?? messages.rankingMoveDown,
    keepOrderLabel: question.keepOrderLabel ?? messages.rankingKeepOrder,
  }),
  fitDraft: (question, value) => (isRanking(question, value) ? value : Array.isArray(value) && value.length === 0 ? [] : undefined),
  rowValue: (question, value) => (isRanking(question, value) ? value : null),
} satisfies QuestionDefinition<"ranking">;
