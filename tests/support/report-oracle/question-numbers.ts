/** Per-question numbers, folded one stored row at a time (the oracle of the database's). */
import { columnOf, companionOf, optionValue } from "../../../src/core/fields.ts";
import type { Option, Question } from "../../../src/generated/survey-config.ts";
import { optionCounts, TEXTS_SHOWN, type QuestionNumbers, type StoredRow } from "../../../scripts/report/question-numbers.ts";
import { toolsOf } from "../../../src/question-types/registry.ts";
import { distributionOf } from "./quantiles.ts";
import { newestTexts } from "./newest-texts.ts";

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

function countsOf(options: Option[]) {
  const counts = new Map<string, number>(options.map((option) => [optionValue(option), 0]));
  return {
    add: (value: string) => counts.set(value, (counts.get(value) ?? 0) + 1),
    result: (n: number) => optionCounts(options, counts, n),
  };
}

export function questionTally(question: Question) {
  const column = columnOf(question);
  const common = { id: question.id, title: question.title, type: question.type };
  let n = 0;
  // Which numbers: the question type's choice (its tools' report).
  const { numbers } = toolsOf(question).report;
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
      result: (): QuestionNumbers => ({
        ...common, kind: "numeric", n, notNumbers, stats: distributionOf(counts),
        histogram: [...counts].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count })),
      }),
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
