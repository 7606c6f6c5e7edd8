/**
 * Per-question numbers as the report shows them. Shares are of those who
 * answered the question (its n), never of all responses. Options are counted
 * by their stored value and shown by their label; a stored value no longer
 * among the options (an option renamed since) is kept under its own text.
 */
import { optionLabel, optionValue } from "../../src/core/fields.ts";
import type { Option, Question } from "../../src/generated/survey-config.ts";

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
}

interface Common {
  id: string;
  title: string;
  type: Question["type"];
  /** Respondents who answered this question. */
  n: number;
}
export type ChoiceNumbers = Common & { kind: "choice" | "multiple"; options: OptionCount[]; others: TextList | null; othersLabel: string | null };
export type NumericNumbers = Common & { kind: "numeric"; histogram: { value: number; count: number }[]; stats: Distribution | null; notNumbers: number };
export type TextNumbers = Common & { kind: "text"; texts: TextList };
export type QuestionNumbers = ChoiceNumbers | NumericNumbers | TextNumbers;

/** How many texts the report lists per question; the CSV has them all. */
export const TEXTS_SHOWN = 50;

/** Every option in the file's order (zeros included), then stored values no longer among them, most frequent first. */
export function optionCounts(options: Option[], counts: ReadonlyMap<string, number>, n: number): OptionCount[] {
  const labels = new Map(options.map((option) => [optionValue(option), optionLabel(option)]));
  const extra = [...counts].filter(([value]) => !labels.has(value)).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return [...[...labels.keys()].map((value) => [value, counts.get(value) ?? 0] as const), ...extra].map(([value, count]) => ({
    value, label: labels.get(value) ?? value, count, share: n === 0 ? 0 : count / n,
  }));
}
