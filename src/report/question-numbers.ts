/**
 * Per-question numbers as the report shows them. Shares are of those who
 * answered the question (its n), never of all responses. Options are counted
 * by their stored value and shown by their label; a stored value no longer
 * among the options (an option renamed since) is kept under its own text.
 */
import { optionLabel, optionValue } from "../core/fields.ts";
import type { Option, Question } from "../generated/survey-config.ts";
import type { NpsScore } from "../question-types/nps/score.ts";
import { readableText } from "../core/readable-text.ts";

export type StoredRow = Record<string, unknown> & { created_at: string };

/** The newest texts (newest first) and how many others there were: the report lists those, the CSV has them all. */
export interface TextList {
  newest: { text: string; at: string }[];
  rest: number;
}

/** Summary of a numeric answer; quantiles as PostgreSQL's percentile_cont. */
export interface Distribution {
  n: number;
  mean: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export interface OptionCount {
  value: string;
  label: string;
  count: number;
  /** count / n of the question, 0..1. */
  share: number;
  /** A share link's count withheld to protect a small group: count and share mean nothing then. */
  withheld?: boolean;
}

interface Common {
  id: string;
  title: string;
  type: Question["type"];
  /** Respondents who answered this question. */
  n: number;
  /** A share link's n withheld to protect a small group (those who did not answer): n means nothing then. */
  nWithheld?: boolean;
}
export type ChoiceNumbers = Common & { kind: "choice" | "multiple"; options: OptionCount[]; others: TextList | null; othersLabel: string | null };
export type NumericNumbers = Common & { kind: "numeric"; histogram: { value: number; count: number }[]; stats: Distribution | null; notNumbers: number; nps?: NpsScore };
export type TextNumbers = Common & { kind: "text"; texts: TextList };
/** An email or a phone: how many gave one, never the contacts. */
export type CountNumbers = Common & { kind: "count" };
/** A date: the earliest and latest answer, and the answers per month (YYYY-MM). */
export type MonthNumbers = Common & { kind: "months"; first: string | null; last: string | null; months: { month: string; count: number }[] };
/** A ranking: per option, how many ranked it, its mean place (1 is first) and how often it came first. */
export type RankingNumbers = Common & { kind: "ranking"; options: (OptionCount & { meanRank: number | null; firsts: number })[] };
/** A matrix: per row, how often each column was chosen (shares of those who answered the question). */
export type MatrixNumbers = Common & { kind: "matrix"; rows: { value: string; label: string; columns: OptionCount[] }[] };
/** A personal question seen without the personal-data grant: how many answered, and nothing of what. */
export type RestrictedNumbers = Common & { kind: "restricted" };
export type QuestionNumbers = RestrictedNumbers | ChoiceNumbers | NumericNumbers | TextNumbers | CountNumbers | MonthNumbers | RankingNumbers | MatrixNumbers;

/** How many texts the report lists per question; the CSV has them all. */
export const TEXTS_SHOWN = 50;

/** Every option in the file's order (zeros included), then stored values no longer among them, most frequent first. */
export function optionCounts(options: Option[], counts: ReadonlyMap<string, number>, n: number): OptionCount[] {
  const labels = new Map(options.map((option) => [optionValue(option), readableText(optionLabel(option))]));
  const extra = [...counts].filter(([value]) => !labels.has(value)).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return [...[...labels.keys()].map((value) => [value, counts.get(value) ?? 0] as const), ...extra].map(([value, count]) => ({
    value, label: labels.get(value) ?? value, count, share: n === 0 ? 0 : count / n,
  }));
}

/** A ranking's options from how often each was put at each place (1-based). */
export function rankingOptions(options: Option[], places: ReadonlyMap<string, ReadonlyMap<number, number>>, n: number): RankingNumbers["options"] {
  const ranked = new Map([...places].map(([value, at]) => [value, [...at.values()].reduce((a, b) => a + b, 0)]));
  return optionCounts(options, ranked, n).map((option) => {
    const at = places.get(option.value) ?? new Map<number, number>();
    const sum = [...at].reduce((total, [place, count]) => total + place * count, 0);
    return { ...option, meanRank: option.count === 0 ? null : sum / option.count, firsts: at.get(1) ?? 0 };
  });
}

/** A matrix's rows, each with its columns' counts, from counts per row and column. */
export function matrixRows(rows: Option[], columns: Option[], counts: ReadonlyMap<string, ReadonlyMap<string, number>>, n: number): MatrixNumbers["rows"] {
  const labels = new Map(rows.map((row) => [optionValue(row), optionLabel(row)]));
  const values = [...labels.keys(), ...[...counts.keys()].filter((value) => !labels.has(value)).sort()];
  return values.map((value) => ({ value, label: labels.get(value) ?? value, columns: optionCounts(columns, counts.get(value) ?? new Map(), n) }));
}

/** Months in order with their counts. */
export const monthsOf = (counts: ReadonlyMap<string, number>) => [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, count]) => ({ month, count }));
