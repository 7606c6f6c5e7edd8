/**
 * Per-question numbers, folded one stored row at a time. Shares are of those
 * who answered the question (its n), never of all responses. Options are
 * counted by their stored value and shown by their label; a stored value no
 * longer among the options (an option renamed since) is kept under its own text.
 */
import { columnOf, companionOf, optionLabel, optionValue } from "../../src/core/fields.ts";
import type { Option, Question } from "../../src/generated/survey-config.ts";
import { npsScore, type NpsScore } from "../../src/question-types/nps/score.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { distributionOf, type Distribution } from "./quantiles.ts";
import { newestTexts, type TextList } from "./newest-texts.ts";

export type StoredRow = Record<string, unknown> & { created_at: string };

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
export type NumericNumbers = Common & { kind: "numeric"; histogram: { value: number; count: number }[]; stats: Distribution | null; notNumbers: number; nps?: NpsScore };
export type TextNumbers = Common & { kind: "text"; texts: TextList };
export type QuestionNumbers = ChoiceNumbers | NumericNumbers | TextNumbers;

/** How many texts the report lists per question; the CSV has them all. */
export const TEXTS_SHOWN = 50;

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

function countsOf(options: Option[]) {
  const counts = new Map<string, number>(options.map((option) => [optionValue(option), 0]));
  const labels = new Map(options.map((option) => [optionValue(option), optionLabel(option)]));
  return {
    add: (value: string) => counts.set(value, (counts.get(value) ?? 0) + 1),
    result: (n: number): OptionCount[] =>
      [...counts].map(([value, count]) => ({ value, label: labels.get(value) ?? value, count, share: n === 0 ? 0 : count / n })),
  };
}

export function questionTally(question: Question) {
  const column = columnOf(question);
  const common = { id: question.id, title: question.title, type: question.type };
  let n = 0;
  // Which numbers: the question type's choice (its tools' report).
  const { numbers, nps } = toolsOf(question).report;
  if (numbers === "choice" || numbers === "multiple") {
    const counts = countsOf("options" in question ? question.options : []);
    const companion = companionOf(question);
    const others = companion ? newestTexts(TEXTS_SHOWN) : null;
    const othersColumn = companion ? columnOf(companion.field) : "";
    const multiple = numbers === "multiple";
    return {
      add(row: StoredRow) {
        const value = row[column];
        const chosen = multiple ? (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []) : textOf(value) === null ? [] : [value as string];
        if (chosen.length > 0) n += 1;
        for (const entry of new Set(chosen)) counts.add(entry);
        const other = textOf(row[othersColumn]);
        if (others && other !== null) others.add(other, row.created_at);
      },
      result: (): QuestionNumbers => ({
        ...common, kind: multiple ? "multiple" : "choice", n, options: counts.result(n), others: others?.result() ?? null,
        othersLabel: companion ? (companion.field.label ?? companion.field.placeholder ?? null) : null,
      }),
    };
  }
  if (numbers === "numeric") {
    const counts = new Map<number, number>();
    let notNumbers = 0;
    return {
      add(row: StoredRow) {
        const value = row[column];
        if (value === null || value === undefined || value === "") return;
        const number = typeof value === "number" ? value : Number(String(value).trim().replace(",", "."));
        if (!Number.isFinite(number)) return void (notNumbers += 1);
        n += 1;
        counts.set(number, (counts.get(number) ?? 0) + 1);
      },
      result: (): QuestionNumbers => {
        const histogram = [...counts].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count }));
        return { ...common, kind: "numeric", n, notNumbers, stats: distributionOf(counts), histogram, ...(nps && { nps: npsScore(histogram) }) };
      },
    };
  }
  const texts = newestTexts(TEXTS_SHOWN);
  return {
    add(row: StoredRow) {
      const text = textOf(row[column]);
      if (text === null) return;
      n += 1;
      texts.add(text, row.created_at);
    },
    result: (): QuestionNumbers => ({ ...common, kind: "text", n, texts: texts.result() }),
  };
}
