/**
 * The report's CSV layout, shared by npm run report (scripts/report/csv.ts,
 * streamed to a file) and the results site's export: the columns, and
 * csv-stringify's options (a UTF-8 BOM, and cells starting with = + - @ or
 * a tab or carriage return prefixed by ' so that a spreadsheet never runs a
 * respondent's text as a formula). Pure.
 */
import { companionOf, storedFields } from "../core/fields.ts";
import { personalColumns } from "../core/personal.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { toolsOf } from "../question-types/registry.ts";
import type { StoredRow } from "./question-numbers.ts";

export const CSV_OPTIONS = { bom: true, escape_formulas: true, header: true } as const;

export interface CsvColumn {
  header: string;
  cell: (row: StoredRow) => string | number;
}

const plain = (value: unknown): string | number => {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join("; ");
  // A matrix's answer: "row: column; …".
  if (typeof value === "object") return Object.entries(value).map(([row, column]) => `${row}: ${String(column)}`).join("; ");
  return typeof value === "number" ? value : String(value);
};

/** The column of an "other" text's current code beside it (the results site's export reads it from results_responses). */
export const codedColumn = (column: string): string => `${column}/coded`;

/**
 * Every stored column; without `personal` (the results site's export for a member without the grant), none of the personal
 * ones, headers included; with `coded`, after each "other" text its current code (results_responses' "<column>/coded").
 */
export function csvColumns(config: SurveyConfig, { personal = true, coded = false } = {}): CsvColumn[] {
  const columns: CsvColumn[] = [{ header: "id", cell: (row) => plain(row.id) }, { header: "created_at", cell: (row) => plain(row.created_at) }];
  const left = new Set(personal ? [] : personalColumns(config));
  for (const field of storedFields(config)) {
    if (left.has(field.column)) continue;
    columns.push({ header: field.column, cell: (row) => plain(row[field.column]) });
    if (coded && field.question && companionOf(field.question)?.field.id === field.id) {
      columns.push({ header: codedColumn(field.column), cell: (row) => plain(row[codedColumn(field.column)]) });
    }
    // A list of options gets one 0/1 column per option as well.
    const { question } = field;
    if (field.kind !== "list" || !question || field.id !== question.id) continue;
    for (const value of toolsOf(question).optionValues(question) ?? []) {
      columns.push({ header: `${field.column}/${value}`, cell: (row) => (Array.isArray(row[field.column]) && (row[field.column] as unknown[]).includes(value) ? 1 : 0) });
    }
  }
  return columns;
}
