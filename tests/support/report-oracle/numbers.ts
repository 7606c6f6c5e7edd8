/**
 * The report's numbers computed in Node, one row at a time, as the report
 * did before the database computed them (src/report/sql-numbers.ts):
 * the differential test's oracle. Pure; days in UTC.
 */
import { campaignRefusals } from "../../../src/core/campaign.ts";
import { CONSENT, ENDING, hiddenFields, LANGUAGE, VISIT_ID } from "../../../src/core/fields.ts";
import { isMultilingual } from "../../../src/core/translations.ts";
import { recordsVisits } from "../../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";
import { biggestDropOf, consentVersionsOf, daysOf, funnelOf, languagesOf, sourceRows, type ReportNumbers } from "../../../src/report/numbers.ts";
import type { StoredRow } from "../../../src/report/question-numbers.ts";
import { medianOf } from "./quantiles.ts";
import { questionTally } from "./question-numbers.ts";
import { visitTally, type VisitRow } from "./visit-numbers.ts";

export function reportTally(config: SurveyConfig) {
  const questions = config.questions.map((question) => questionTally(question));
  const events = visitTally();
  const hidden = hiddenFields(config);
  const responseVisits: { visitId: string | null; at: number }[] = [];
  const responsesBySource = hidden.map(() => new Map<string, number>());
  const perDay = new Map<string, number>();
  const perEnding = new Map((config.endings ?? []).map((ending) => [ending.id, 0]));
  const perLanguage = new Map<string, number>();
  const perConsent = new Map<string, number>();
  let first: string | null = null;
  let last: string | null = null;
  const countsFrom = config.opensAt ? Date.parse(config.opensAt) : -Infinity;
  let counted = 0;

  function addResponse(row: StoredRow) {
    for (const question of questions) question.add(row);
    const visitId = typeof row[VISIT_ID.column] === "string" ? (row[VISIT_ID.column] as string) : null;
    responseVisits.push({ visitId, at: Date.parse(row.created_at) });
    if (Date.parse(row.created_at) >= countsFrom) counted += 1;
    hidden.forEach((field, index) => {
      const value = typeof row[field.column] === "string" ? (row[field.column] as string) : "";
      responsesBySource[index]!.set(value, (responsesBySource[index]!.get(value) ?? 0) + 1);
    });
    const ending = row[ENDING.column];
    if (typeof ending === "string" && perEnding.has(ending)) perEnding.set(ending, perEnding.get(ending)! + 1);
    const consent = row[CONSENT.column];
    if (config.consent && typeof consent === "string") perConsent.set(consent, (perConsent.get(consent) ?? 0) + 1);
    const language = row[LANGUAGE.column];
    if (typeof language === "string") perLanguage.set(language, (perLanguage.get(language) ?? 0) + 1);
    const day = new Date(row.created_at).toISOString().slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    if (first === null || row.created_at < first) first = row.created_at;
    if (last === null || row.created_at > last) last = row.created_at;
  }

  function result(): ReportNumbers {
    const { visits } = events;
    const tracked = recordsVisits(config) || visits.size > 0;
    const durations: number[] = [];
    for (const { visitId, at } of responseVisits) {
      const visit = visitId === null ? undefined : visits.get(visitId);
      if (!visit) continue;
      visit.submitted = true;
      durations.push((at - visit.startedAt) / 1000);
    }
    const submitted = [...visits.values()].filter((visit) => visit.submitted).length;
    const funnel = tracked ? funnelFrom(config, visits.values(), submitted) : null;
    return {
      responses: responseVisits.length,
      visits: tracked ? visits.size : null,
      completionRate: tracked && visits.size > 0 ? submitted / visits.size : null,
      medianSecondsToComplete: medianOf(durations),
      firstResponse: first,
      lastResponse: last,
      questions: questions.map((question) => question.result()),
      funnel,
      biggestDrop: funnel ? biggestDropOf(funnel) : null,
      sources: hidden.map((field, index) => ({ field: field.id, rows: sourceRows(bySource(field.id, visits.values()), responsesBySource[index]!, tracked) })),
      endings: config.endings?.length ? [...perEnding].map(([id, responses]) => ({ id, responses })) : null,
      languages: isMultilingual(config) ? languagesOf(config.languages ?? [], perLanguage) : null,
      retention: config.retention ?? null,
      consentVersions: config.consent ? consentVersionsOf(perConsent) : null,
      perDay: daysOf(perDay),
      campaign: campaignRefusals(config).length > 0 ? { opensAt: config.opensAt ?? null, closesAt: config.closesAt ?? null, maxResponses: config.maxResponses ?? null, counted } : null,
    };
  }

  return { addVisit: events.add, addResponse, result };
}

function funnelFrom(config: SurveyConfig, visits: Iterable<{ reached: ReadonlySet<string> }>, submitted: number) {
  const reached = new Map<string, number>();
  let opened = 0;
  for (const visit of visits) {
    opened += 1;
    for (const id of visit.reached) reached.set(id, (reached.get(id) ?? 0) + 1);
  }
  return funnelOf(config, opened, reached, submitted);
}

function bySource(field: string, visits: Iterable<{ hidden: Record<string, string>; submitted: boolean }>) {
  const byValue = new Map<string, { visits: number; submitted: number }>();
  for (const visit of visits) {
    const value = visit.hidden[field] ?? "";
    const entry = byValue.get(value) ?? { visits: 0, submitted: 0 };
    entry.visits += 1;
    if (visit.submitted) entry.submitted += 1;
    byValue.set(value, entry);
  }
  return byValue;
}

/** The whole fold for rows already in memory (tests, small surveys). */
export function reportNumbers(config: SurveyConfig, responses: StoredRow[], visits: VisitRow[]): ReportNumbers {
  const tally = reportTally(config);
  for (const visit of visits) tally.addVisit(visit);
  for (const row of responses) tally.addResponse(row);
  return tally.result();
}
