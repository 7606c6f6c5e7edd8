/** Per-question numbers, folded one stored row at a time (the oracle of the database's). */
import { columnOf, companionOf, optionValue } from "../../../src/core/fields.ts";
import type { Option, Question } from "../../../src/generated/survey-config.ts";
import { matrixRows, monthsOf, optionCounts, rankingOptions, TEXTS_SHOWN, type QuestionNumbers, type StoredRow } from "../../../src/report/question-numbers.ts";
import { npsScore } from "../../../src/question-types/nps/score.ts";
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
  if (numbers === "count") {
    return { add: (row: StoredRow) => void (textOf(row[column]) !== null && (n += 1)), result: (): QuestionNumbers => ({ ...common, kind: "count", n }) };
  }
  if (numbers === "months") {
    const months = new Map<string, number>();
    const days: string[] = [];
    return {
      add(row: StoredRow) {
        const day = row[column];
        if (typeof day !== "string") return;
        n += 1;
        days.push(day.slice(0, 10));
        months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + 1);
      },
      result: (): QuestionNumbers => ({ ...common, kind: "months", n, first: days.length ? days.reduce((a, b) => (a < b ? a : b)) : null, last: days.length ? days.reduce((a, b) => (a > b ? a : b)) : null, months: monthsOf(months) }),
    };
  }
  if (numbers === "ranking" || numbers === "matrix") {
    const pairs = new Map<string, Map<string, number>>();
    const count = (outer: string, inner: string) => {
      const map = pairs.get(outer) ?? new Map<string, number>();
      map.set(inner, (map.get(inner) ?? 0) + 1);
      pairs.set(outer, map);
    };
    return {
      add(row: StoredRow) {
        const value = row[column];
        if (Array.isArray(value) && value.length > 0) {
          n += 1;
          value.forEach((option, index) => typeof option === "string" && count(option, String(index + 1)));
        } else if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
          n += 1;
          for (const [key, chosen] of Object.entries(value)) count(key, String(chosen));
        }
      },
      result: (): QuestionNumbers => {
        if (question.type === "matrix") return { ...common, kind: "matrix", n, rows: matrixRows(question.rows, question.columns, pairs, n) };
        const places = new Map([...pairs].map(([option, at]) => [option, new Map([...at].map(([place, c]) => [Number(place), c]))]));
        return { ...common, kind: "ranking", n, options: rankingOptions("options" in question ? question.options : [], places, n) };
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
