/**
 * The report's time zone: the survey's timeZone (an IANA name), else the
 * offset its campaign times are written with ("…-03:00"), else UTC. The
 * database groups days in it (`sql`); the HTML writes times in it. Node 20's
 * Intl knows no bare offsets, so an offset is applied by shifting the instant
 * and formatting it in UTC under the offset's own label.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

export interface ReportZone {
  /** For PostgreSQL's AT TIME ZONE: an IANA name, or a POSIX zone (whose sign is the reverse of ISO's). */
  sql: string;
  intl: string;
  shiftMinutes: number;
  /** Written after each time: "UTC", "America/Sao_Paulo", "UTC-03:00". */
  label: string;
}

export const UTC_ZONE: ReportZone = { sql: "UTC", intl: "UTC", shiftMinutes: 0, label: "UTC" };

export function reportZone(config: Pick<SurveyConfig, "timeZone" | "opensAt" | "closesAt">): ReportZone {
  if (config.timeZone) return { sql: config.timeZone, intl: config.timeZone, shiftMinutes: 0, label: config.timeZone };
  const written = [config.closesAt, config.opensAt].map((time) => /([+-])(\d\d):(\d\d)$/.exec(time ?? "")).find((match) => match !== null);
  if (!written) return UTC_ZONE;
  const [, sign, hours, minutes] = written;
  const shiftMinutes = (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  if (shiftMinutes === 0) return UTC_ZONE;
  const offset = `${hours}:${minutes}`;
  return { sql: `<${sign}${hours}${minutes}>${sign === "-" ? "+" : "-"}${offset}`, intl: "UTC", shiftMinutes, label: `UTC${sign}${offset}` };
}
