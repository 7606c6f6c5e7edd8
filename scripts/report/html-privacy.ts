/**
 * The report's privacy section, for a survey that declares a consent step or
 * a retention: how long its responses and visit events are kept, and the
 * responses per version of the consent text (so the team can show which text
 * each respondent agreed to).
 */
import { interpolate } from "../../src/core/interpolate.ts";
import { escapeHtml, type Formatters } from "../../src/report/format.ts";
import { table } from "./html-parts.ts";
import type { ReportNumbers } from "../../src/report/numbers.ts";

export const hasPrivacySection = (numbers: ReportNumbers): boolean => numbers.consentVersions !== null || numbers.retention !== null;

export function privacySection(numbers: ReportNumbers, f: Formatters): string {
  const words = f.words.privacy;
  const { responsesDays = null, visitEventsDays = null } = numbers.retention ?? {};
  const kept = (days: number | null, kept: string, forever: string) => (days === null ? forever : interpolate(kept, { days: f.integer(days) }));
  const retention = `<p id="retention">${escapeHtml(kept(responsesDays, words.responsesKept, words.responsesForever))} ${escapeHtml(kept(visitEventsDays, words.eventsKept, words.eventsForever))}</p>`;
  if (!numbers.consentVersions) return `${retention}\n<p>${escapeHtml(words.noConsent)}</p>`;
  const consent = table<{ version: string; responses: number }>([
    { header: words.version, cell: (row) => row.version },
    { header: words.responses, numeric: true, cell: (row) => f.integer(row.responses) },
    { header: words.share, numeric: true, cell: (row) => f.percent(numbers.responses === 0 ? null : row.responses / numbers.responses) },
  ], numbers.consentVersions);
  return `${retention}\n${consent}`;
}
