/**
 * Step one of the report: stored rows, visits (folded from their events) and the survey file →
 * every number the report shows. Pure: no I/O, no formatting. Rows and events
 * and visits are folded one at a time (the reader pages through them), so
 * memory grows with visits and distinct values, not with answers.
 */
import { campaignRefusals } from "../../src/core/campaign.ts";
import { ENDING, hiddenFields, LANGUAGE, VISIT_ID } from "../../src/core/fields.ts";
import { isMultilingual } from "../../src/core/translations.ts";
import { recordsVisits } from "../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { medianOf } from "./quantiles.ts";
import { questionTally, type QuestionNumbers, type StoredRow } from "./question-numbers.ts";
import { visitTally, type VisitRow } from "./visit-numbers.ts";

export interface FunnelStep {
  /** The two ends, "opened" and "submitted", and one step per question between them. */
  kind: "opened" | "question" | "submitted";
  /** The question's id and its "N. title"; null at the ends, which the report words in its language. */
  questionId: string | null;
  label: string | null;
  visits: number;
}

export interface SourceRow {
  /** The hidden-field value; "" when the visit or response had none. */
  value: string;
  visits: number;
  responses: number;
  /** Visits with this value that were submitted, of all visits with it; null without visits. */
  completionRate: number | null;
}

export interface ReportNumbers {
  responses: number;
  /** null when the survey does not record visits. */
  visits: number | null;
  completionRate: number | null;
  medianSecondsToComplete: number | null;
  firstResponse: string | null;
  lastResponse: string | null;
  questions: QuestionNumbers[];
  /** opened, each question in order, submitted; null without visit events. */
  funnel: FunnelStep[] | null;
  /** The question after which most visits stopped, and how many. */
  biggestDrop: { questionId: string; label: string; position: number; lost: number } | null;
  sources: { field: string; rows: SourceRow[] }[];
  /** Responses per ending, in the file's order; null for a survey without endings. */
  endings: { id: string; responses: number }[] | null;
  /** Responses per language, in the file's order; null for a survey in one language. */
  languages: { language: string; responses: number }[] | null;
  perDay: { day: string; responses: number }[];
  /** The survey's window and limit, and the responses read that count toward it (since opensAt); null without any. */
  campaign: { opensAt: string | null; closesAt: string | null; maxResponses: number | null; counted: number } | null;
}

export function reportTally(config: SurveyConfig) {
  const questions = config.questions.map((question) => questionTally(question));
  const events = visitTally();
  const hidden = hiddenFields(config);
  const responseVisits: { visitId: string | null; at: number }[] = [];
  const responsesBySource = hidden.map(() => new Map<string, number>());
  const perDay = new Map<string, number>();
  const perEnding = new Map((config.endings ?? []).map((ending) => [ending.id, 0]));
  const perLanguage = new Map((config.languages ?? []).map((language) => [language, 0]));
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
    const language = row[LANGUAGE.column];
    // A language the file no longer lists still counts, under its own tag.
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
    const funnel = tracked ? funnelOf(config, visits.values(), submitted) : null;
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
      sources: hidden.map((field, index) => ({ field: field.id, rows: sourceRows(field.id, visits.values(), responsesBySource[index]!, tracked) })),
      endings: config.endings?.length ? [...perEnding].map(([id, responses]) => ({ id, responses })) : null,
      languages: isMultilingual(config) ? [...perLanguage].map(([language, responses]) => ({ language, responses })) : null,
      perDay: daysOf(perDay),
      campaign: campaignRefusals(config).length > 0 ? { opensAt: config.opensAt ?? null, closesAt: config.closesAt ?? null, maxResponses: config.maxResponses ?? null, counted } : null,
    };
  }

  return { addVisit: events.add, addResponse, result };
}

function funnelOf(config: SurveyConfig, visits: Iterable<{ reached: ReadonlySet<string> }>, submitted: number): FunnelStep[] {
  const reached = new Map(config.questions.map((question) => [question.id, 0]));
  let opened = 0;
  for (const visit of visits) {
    opened += 1;
    for (const id of visit.reached) if (reached.has(id)) reached.set(id, reached.get(id)! + 1);
  }
  return [
    { kind: "opened", questionId: null, label: null, visits: opened },
    ...config.questions.map((question, index) => ({ kind: "question" as const, questionId: question.id, label: `${index + 1}. ${question.title}`, visits: reached.get(question.id)! })),
    { kind: "submitted", questionId: null, label: null, visits: submitted },
  ];
}

/** The question step followed by the largest loss (ties: the earliest). */
function biggestDropOf(funnel: FunnelStep[]): ReportNumbers["biggestDrop"] {
  let best: ReportNumbers["biggestDrop"] = null;
  for (let index = 1; index < funnel.length - 1; index += 1) {
    const lost = funnel[index]!.visits - funnel[index + 1]!.visits;
    if (lost > 0 && (!best || lost > best.lost)) best = { questionId: funnel[index]!.questionId!, label: funnel[index]!.label!, position: index, lost };
  }
  return best;
}

function sourceRows(field: string, visits: Iterable<{ hidden: Record<string, string>; submitted: boolean }>, responses: Map<string, number>, tracked: boolean): SourceRow[] {
  const byValue = new Map<string, { visits: number; submitted: number }>();
  for (const visit of visits) {
    const value = visit.hidden[field] ?? "";
    const entry = byValue.get(value) ?? { visits: 0, submitted: 0 };
    entry.visits += 1;
    if (visit.submitted) entry.submitted += 1;
    byValue.set(value, entry);
  }
  const values = new Set([...byValue.keys(), ...responses.keys()]);
  return [...values]
    .map((value) => {
      const visit = byValue.get(value);
      return { value, visits: visit?.visits ?? 0, responses: responses.get(value) ?? 0, completionRate: tracked && visit ? visit.submitted / visit.visits : null };
    })
    .sort((a, b) => b.responses - a.responses || b.visits - a.visits || a.value.localeCompare(b.value));
}

/** Every day from the first response to the last, with zeros, so the chart's gaps are real (at most ten years). */
function daysOf(perDay: Map<string, number>): { day: string; responses: number }[] {
  const days = [...perDay.keys()].sort();
  if (days.length === 0) return [];
  const result: { day: string; responses: number }[] = [];
  const end = Date.parse(days[days.length - 1]!);
  for (let at = Date.parse(days[0]!); at <= end && result.length < 3660; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    result.push({ day, responses: perDay.get(day) ?? 0 });
  }
  return result;
}

/** The whole fold for rows already in memory (tests, small surveys). */
export function reportNumbers(config: SurveyConfig, responses: StoredRow[], visits: VisitRow[]): ReportNumbers {
  const tally = reportTally(config);
  for (const visit of visits) tally.addVisit(visit);
  for (const row of responses) tally.addResponse(row);
  return tally.result();
}
