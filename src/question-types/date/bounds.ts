/** A date question's limits as ISO dates (YYYY-MM-DD, which compare as text), resolved against the respondent's today. */
import type { DateBound } from "../../generated/survey-config.ts";

export const ISO_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** The local calendar date of `when`, as the date field shows it. */
export function isoDate(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

export function boundDate(bound: DateBound | undefined, today: Date = new Date()): string | undefined {
  if (bound === undefined || typeof bound === "string") return bound;
  return isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + bound.daysFromToday));
}

/** A real calendar date (2026-02-30 is not). */
export const isRealDate = (value: string): boolean => ISO_DATE.test(value) && isoDate(new Date(`${value}T12:00:00`)) === value;

/** A real calendar date within the question's limits today. */
export function dateAllowed(value: string, question: { min?: DateBound; max?: DateBound }, today?: Date): boolean {
  if (!isRealDate(value)) return false;
  const min = boundDate(question.min, today);
  const max = boundDate(question.max, today);
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}
