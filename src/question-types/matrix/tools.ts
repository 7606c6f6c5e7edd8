/**
 * The matrix question's part of the survey schema, its column (a jsonb
 * object: only its rows as keys, each a text on the scale; every row when
 * answered), its report (counts per row and column) and its editor fields.
 * One jsonb column rather than one per row: a row added or removed changes
 * only the CHECK, never the table's columns, and old rows keep their meaning.
 */
import { optionValue } from "../../core/fields.ts";
import { optionErrors } from "../../core/checks/option-checks.ts";
import { pickSql, sqlLiteral, textArray } from "../shared/sql.ts";
import type { QuestionOf, QuestionTools } from "../types.ts";
import { SHUFFLE_ROWS } from "../editor-fields.ts";
import schema from "./schema.json" with { type: "json" };
import { matrixReportSql } from "./report-sql.ts";

/** The option checks (blank, twins, duplicates) on the rows or the columns, which are written like options. */
function listErrors(question: QuestionOf<"matrix">, key: "rows" | "columns", pointer: string) {
  const asOptions = { id: question.id, type: "radio", title: question.title, emoji: question.emoji, required: question.required, options: question[key] } as const;
  const rename = (text: string) => text.replaceAll(`${pointer}/options`, `${pointer}/${key}`);
  return optionErrors(asOptions, pointer).map((error) => ({ pointer: rename(error.pointer), message: rename(error.message) }));
}

const rowsOf = (question: QuestionOf<"matrix">) => question.rows.map(optionValue);

export const matrixTools = {
  schema,
  fileErrors: (question, pointer) => [...listErrors(question, "rows", pointer), ...listErrors(question, "columns", pointer)],
  optionValues: (question) => question.columns.map(optionValue),
  column: (question, c, values) => ({
    checks: [
      `jsonb_typeof(${c}) = 'object'`,
      `${c} <> '{}'::jsonb`,
      `${c} - ${textArray(rowsOf(question))} = '{}'::jsonb`,
      ...rowsOf(question).map((row) => {
        const cell = `${c} -> ${sqlLiteral(row)}`;
        return `${cell} is null or (jsonb_typeof(${cell}) = 'string' and ${c} ->> ${sqlLiteral(row)} = any (${textArray(values ?? [])}))`;
      }),
    ],
    present: `${c} ?& ${textArray(rowsOf(question))}`,
  }),
  sql: {
    isEmpty: (column) => `${column} is null`,
    compare: () => {
      throw new Error("[sql] a matrix answer is not compared with a number; run npm run validate");
    },
  },
  rowSchema: (question) => ({
    type: "object",
    properties: Object.fromEntries(rowsOf(question).map((row) => [row, { enum: question.columns.map(optionValue) }])),
    additionalProperties: false,
    minProperties: 1,
    ...(question.required && { required: rowsOf(question) }),
  }),
  sampleAnswer: (question) => Object.fromEntries(rowsOf(question).map((row) => [row, optionValue(question.columns[0]!)])),
  seedSql: (question) => `jsonb_build_object(${rowsOf(question).map((row) => `${sqlLiteral(row)}, ${pickSql(question.columns.map(optionValue), "random()")}`).join(", ")})`,
  bench: {
    control: ".matrix-question",
    async answer(_page, question) {
      const rows = question.locator(".matrix-row");
      for (let index = 0; index < (await rows.count()); index++) await rows.nth(index).getByRole("radio").first().click();
    },
  },
  messages: ["matrixRequired"],
  report: { numbers: "matrix", sql: matrixReportSql, crosstab: "matrix" },
  conditionRows: { tests: ["equals"], rows: (question) => question.rows, values: (question) => question.columns, sql: (column, row) => `(${column} ->> ${sqlLiteral(row)})` },
  editor: {
    fields: [
      { kind: "options", key: "rows", legend: { "pt-BR": "Linhas (as afirmações avaliadas)", es: "Filas (las afirmaciones evaluadas)", en: "Rows (the statements rated)" } },
      SHUFFLE_ROWS,
      { kind: "options", key: "columns", legend: { "pt-BR": "Colunas (a escala, de um extremo ao outro)", es: "Columnas (la escala, de un extremo al otro)", en: "Columns (the scale, from one end to the other)" } },
    ],
    starter: { rows: ["1", "2"], columns: ["Sí", "No"] },
    menuPosition: 13,
  },
} satisfies QuestionTools<"matrix">;
