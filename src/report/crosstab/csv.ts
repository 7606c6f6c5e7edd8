/**
 * A cross-tab as CSV, the same numbers as its table on the screen and in
 * the report (crosstabTable): one line per cell, with the row's and the
 * column's label, the count, the column and row shares (proportions, not
 * rounded), the letters and both bases; then one line per row's total and
 * the grand total (column label "Total"). A viewer's hidden count is an
 * empty cell. With the report's CSV options (a UTF-8 BOM, formulas
 * guarded: a label may be a respondent's text, as a hidden field's value).
 * Pure.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import type { CrosstabTable } from "./table.ts";
import type { CrosstabWords } from "./words.ts";

const cell = (value: number | null): string | number => (value === null ? "" : value);

export function crosstabCsv(table: CrosstabTable, titles: { rows: string; columns: string }, words: CrosstabWords): string {
  const w = words.csv;
  const lines: (string | number)[][] = [[titles.rows, titles.columns, w.count, w.columnShare, w.rowShare, w.letters, w.rowBase, w.columnBase]];
  table.rows.forEach((row, i) => {
    table.columns.forEach((column, j) => {
      const found = table.cells[i]![j]!;
      lines.push([row.label, column.label, cell(found.count), cell(found.columnShare), cell(found.rowShare), found.letters, cell(row.base), cell(column.base)]);
    });
  });
  for (const row of table.rows) lines.push([row.label, words.total, cell(row.base), "", "", "", cell(row.base), ""]);
  for (const column of table.columns) lines.push([words.total, column.label, cell(column.base), "", "", "", "", cell(column.base)]);
  lines.push([words.total, words.total, table.total, "", "", "", "", ""]);
  return stringify(lines, { bom: true, escape_formulas: true });
}

/** A file name for a cross-tab's CSV: the survey and both axes' ids, nothing a file system refuses. */
export const crosstabCsvName = (survey: string, rows: string, columns: string): string => `${survey}-${rows}-x-${columns}.csv`.replace(/[^A-Za-z0-9._-]+/g, "_");
