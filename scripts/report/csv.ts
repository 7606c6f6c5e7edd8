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
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { CSV_OPTIONS, csvColumns } from "../../src/report/csv-columns.ts";
import type { StoredRow } from "../../src/report/question-numbers.ts";

export function csvWriter(path: string, config: SurveyConfig) {
  const columns = csvColumns(config);
  const csv = stringify({ ...CSV_OPTIONS, columns: columns.map((column) => column.header) });
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
