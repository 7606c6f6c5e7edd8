/**
 * The report's numbers: what the report shows, and the steps that shape the
 * database's counts into it (the funnel's order, the biggest drop, sources
 * sorted, every day between the first response and the last). Pure.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { QuestionNumbers } from "./question-numbers.ts";
import { readableText } from "../core/readable-text.ts";

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
  /** Days in the survey's time zone. */
  /** Responses per ending, in the file's order; null for a survey without endings. */
  endings: { id: string; responses: number }[] | null;
  /** Responses per language, in the file's order (then any it no longer lists); null for a survey in one language. */
  languages: { language: string; responses: number }[] | null;
  /** Responses per version of the consent text (most first), for a survey with a consent step; null without one. */
  consentVersions: { version: string; responses: number }[] | null;
  /** How long the survey's rows are kept (its file's `retention`); null when it keeps everything. */
  retention: { responsesDays?: number; visitEventsDays?: number } | null;
  perDay: { day: string; responses: number }[];
  /** The survey's window and limit, and the responses read that count toward it (since opensAt); null without any. */
  campaign: { opensAt: string | null; closesAt: string | null; maxResponses: number | null; counted: number } | null;
}

export function funnelOf(config: SurveyConfig, opened: number, reached: ReadonlyMap<string, number>, submitted: number): FunnelStep[] {
  return [
    { kind: "opened", questionId: null, label: null, visits: opened },
    ...config.questions.map((question, index) => ({ kind: "question" as const, questionId: question.id, label: `${index + 1}. ${readableText(question.title)}`, visits: reached.get(question.id) ?? 0 })),
    { kind: "submitted", questionId: null, label: null, visits: submitted },
  ];
}

/** The question step followed by the largest loss (ties: the earliest). */
export function biggestDropOf(funnel: FunnelStep[]): ReportNumbers["biggestDrop"] {
  let best: ReportNumbers["biggestDrop"] = null;
  for (let index = 1; index < funnel.length - 1; index += 1) {
    const lost = funnel[index]!.visits - funnel[index + 1]!.visits;
    if (lost > 0 && (!best || lost > best.lost)) best = { questionId: funnel[index]!.questionId!, label: funnel[index]!.label!, position: index, lost };
  }
  return best;
}

/** One row per value seen in visits or responses, most responses first. */
export function sourceRows(visits: ReadonlyMap<string, { visits: number; submitted: number }>, responses: ReadonlyMap<string, number>, tracked: boolean): SourceRow[] {
  const values = new Set([...visits.keys(), ...responses.keys()]);
  return [...values]
    .map((value) => {
      const visit = visits.get(value);
      return { value, visits: visit?.visits ?? 0, responses: responses.get(value) ?? 0, completionRate: tracked && visit ? visit.submitted / visit.visits : null };
    })
    .sort((a, b) => b.responses - a.responses || b.visits - a.visits || a.value.localeCompare(b.value));
}

/** Every day from the first response to the last, with zeros, so the chart's gaps are real (at most ten years). */
export function daysOf(perDay: ReadonlyMap<string, number>): { day: string; responses: number }[] {
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

/** Responses per consent version, most first (ties by version), so the report shows which text most respondents agreed to. */
export const consentVersionsOf = (counts: ReadonlyMap<string, number>): { version: string; responses: number }[] =>
  [...counts].map(([version, responses]) => ({ version, responses })).sort((a, b) => b.responses - a.responses || a.version.localeCompare(b.version));

/** Responses per language: the file's languages in their order, then any tag the rows hold that it no longer lists. */
export function languagesOf(listed: readonly string[], counts: ReadonlyMap<string, number>): { language: string; responses: number }[] {
  const unlisted = [...counts.keys()].filter((tag) => !listed.includes(tag)).sort();
  return [...listed, ...unlisted].map((language) => ({ language, responses: counts.get(language) ?? 0 }));
}
