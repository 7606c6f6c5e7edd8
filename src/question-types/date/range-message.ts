/**
 * What a date outside its limits is told, in the survey's language: which
 * message (between both limits, from the earliest, until the latest) and the
 * limits it inserts, as the language writes a date (es and pt-BR 01/01/2025,
 * en 01/01/2025 month first) or its word for today.
 */
import type { DateBound } from "../../generated/survey-config.ts";
import type { MessageTexts } from "../../core/resolve-survey.ts";
import { boundDate } from "./bounds.ts";

type Limits = { min?: DateBound; max?: DateBound };

export function rangeMessage({ min, max }: Limits): "dateBetween" | "dateFrom" | "dateUntil" | "dateOutOfRange" {
  if (min !== undefined && max !== undefined) return "dateBetween";
  if (min !== undefined) return "dateFrom";
  return max !== undefined ? "dateUntil" : "dateOutOfRange";
}

/** A limit as the respondent reads it: the language's word for today, or the date in its format. */
function worded(bound: DateBound, messages: MessageTexts, language: string | undefined, today: Date): string {
  if (typeof bound === "object" && bound.daysFromToday === 0) return messages.dateToday;
  const format = new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  return format.format(new Date(`${boundDate(bound, today)}T00:00:00Z`));
}

export function rangeValues({ min, max }: Limits, messages: MessageTexts, language: string | undefined, today = new Date()): Record<string, string> {
  return {
    ...(min !== undefined && { min: worded(min, messages, language, today) }),
    ...(max !== undefined && { max: worded(max, messages, language, today) }),
  };
}
