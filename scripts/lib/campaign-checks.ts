/**
 * Checks on a survey's campaign (src/core/campaign.ts) that the schema cannot
 * express: opensAt and closesAt are real instants (the schema checks their
 * form, not that "2026-02-30" exists), and the survey closes after it opens.
 * maxResponses is a positive integer by the schema. The report's timeZone
 * is one Intl knows (PostgreSQL's list is the same IANA database).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";

/** Date.parse rolls "2026-02-30" over to March 2; an instant exists when its date reads back unchanged. */
function realInstant(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const [hour, minute, second = 0] = text.slice(11, 19).split(":").map(Number) as number[];
  return !Number.isNaN(Date.parse(text)) && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour! < 24 && minute! < 60 && second < 60;
}

const knownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export function campaignErrors({ opensAt, closesAt, timeZone }: SurveyConfig): Located[] {
  const errors: Located[] = [];
  if (timeZone !== undefined && !knownZone(timeZone)) errors.push({ pointer: "/timeZone", message: `"${timeZone}" is not a time zone (an IANA name, e.g. "America/Sao_Paulo")` });
  for (const [key, value] of [["opensAt", opensAt], ["closesAt", closesAt]] as const) {
    if (value !== undefined && !realInstant(value)) errors.push({ pointer: `/${key}`, message: `"${value}" is not a date and time that exists (e.g. "2026-12-01T09:00:00-03:00")` });
  }
  if (errors.length || !opensAt || !closesAt) return errors;
  if (Date.parse(closesAt) <= Date.parse(opensAt)) {
    errors.push({ pointer: "/closesAt", message: `"${closesAt}" is not after opensAt "${opensAt}"; the survey must close after it opens` });
  }
  return errors;
}
