/**
 * The responses as CSV: one row per response, one column per stored field in
 * the survey's order, lists joined with "; " and followed by one 0/1 column
 * per option (both layouts, as KoboToolbox and SurveyCTO export), then the
 * hidden fields and the visit id. Written by csv-stringify with a UTF-8 BOM
 * (spreadsheets then read Spanish text right) and with cells that start with
 * = + - @ (or a tab or carriage return) prefixed by ' : the texts come from
 * anonymous respondents, and a spreadsheet must not run them as formulas.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import { storedFields } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import type { StoredRow } from "./question-numbers.ts";

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

export function csvColumns(config: SurveyConfig): CsvColumn[] {
  const columns: CsvColumn[] = [{ header: "id", cell: (row) => plain(row.id) }, { header: "created_at", cell: (row) => plain(row.created_at) }];
  for (const field of storedFields(config)) {
    columns.push({ header: field.column, cell: (row) => plain(row[field.column]) });
    // A list of options gets one 0/1 column per option as well.
    const { question } = field;
    if (field.kind !== "list" || !question || field.id !== question.id) continue;
    for (const value of toolsOf(question).optionValues(question) ?? []) {
      columns.push({ header: `${field.column}/${value}`, cell: (row) => (Array.isArray(row[field.column]) && (row[field.column] as unknown[]).includes(value) ? 1 : 0) });
    }
  }
  return columns;
}

export function csvWriter(path: string, config: SurveyConfig) {
  const columns = csvColumns(config);
  const csv = stringify({ bom: true, escape_formulas: true, header: true, columns: columns.map((column) => column.header) });
  const file = createWriteStream(path);
  csv.pipe(file);
  return {
    /** Resolves when the row is buffered; waits while the file catches up. */
    async write(row: StoredRow): Promise<void> {
      if (!csv.write(columns.map((column) => column.cell(row)))) await once(csv, "drain");
    },
    async close(): Promise<void> {
      csv.end();
      await once(file, "finish");
    },
  };
}
