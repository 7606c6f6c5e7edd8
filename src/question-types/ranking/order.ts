/** The order a ranking shows: the ranked options first, in rank order, then the others in the file's order. */
import { optionValue } from "../../core/fields.ts";
import type { QuestionOf } from "../types.ts";

export function shownOrder(question: QuestionOf<"ranking">, ranked: readonly string[]): string[] {
  const values = question.options.map(optionValue);
  return [...ranked.filter((value) => values.includes(value)), ...values.filter((value) => !ranked.includes(value))];
}

/** `order` with the entry at `from` moved to `to`. */
export function moveEntry<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
