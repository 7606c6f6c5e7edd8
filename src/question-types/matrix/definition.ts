/**
 * Several rows rated on one shared scale of columns, one answer per row,
 * held and stored as one object (row value → column value). Required means
 * every row is answered.
 */
import { optionLabel, optionValue } from "../../core/fields.ts";
import type { QuestionDefinition, QuestionOf } from "../types.ts";

type Matrix = QuestionOf<"matrix">;

/** The entries of `value` that name one of the rows and one of the columns, in the rows' order. */
export function matrixEntries(question: Matrix, value: unknown): [string, string][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const answers = value as Record<string, unknown>;
  const columns = new Set(question.columns.map(optionValue));
  return question.rows.map(optionValue).flatMap((row) => {
    const column = answers[row];
    return Object.hasOwn(answers, row) && typeof column === "string" && columns.has(column) ? [[row, column] as [string, string]] : [];
  });
}

export const matrix = {
  kind: "map",
  emptyAnswer: () => ({}),
  requiredMessage: "matrixRequired",
  companion: () => undefined,
  // equals reads one row, named by the condition's `row` (tools' conditionRows); "is" reads one row or, without `row`, the whole answer.
  tests: ["equals", "is"],
  comparesNumbers: false,
  withPlaceholders: (question) => question,
  // A draft keeps the rows still answerable; a row or column since removed is dropped.
  fitDraft: (question, value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(matrixEntries(question, value)) : undefined),
  rowValue(question, value) {
    const entries = matrixEntries(question, value);
    return entries.length === 0 ? null : Object.fromEntries(entries);
  },
  isIncomplete: (question, value) => matrixEntries(question, value).length < question.rows.length,
  mapText(question, value) {
    const labels = new Map(question.columns.map((column) => [optionValue(column), optionLabel(column)]));
    const rowLabels = new Map(question.rows.map((row) => [optionValue(row), optionLabel(row)]));
    return matrixEntries(question, value).map(([row, column]) => `${rowLabels.get(row)}: ${labels.get(column)}`).join("; ");
  },
} satisfies QuestionDefinition<"matrix">;
