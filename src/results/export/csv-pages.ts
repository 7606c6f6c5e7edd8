/**
 * The export's CSV, one keyset page at a time: the report's header (with its
 * BOM) first, then each page's rows with the report's formula guard. Only
 * one page is held at a time, so memory stays flat whatever the size of the
 * filtered set; the caller decides where the text goes (a file on disk, the
 * parts of a Blob). Takes the page reader as an argument: the bench runs the
 * same code in Node against the real PostgREST.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { CSV_OPTIONS, csvColumns } from "../../report/csv-columns.ts";
import type { StoredRow } from "../../report/question-numbers.ts";

export interface Cursor {
  at: string;
  id: string;
}

export interface RowsPage {
  rows: (StoredRow & { id: string })[];
  next: Cursor | null;
  /** Whether the rows hold the personal columns (the member's grant, results_responses). */
  personal?: boolean;
}

/** Rows per request: large enough that the requests' overhead does not dominate, small enough to hold one page. */
export const EXPORT_PAGE_SIZE = 1000;

/** The header waits for the first page: without the grant its rows have no personal columns, and the file has no headers for them either. */
export async function* csvPages(config: SurveyConfig, readPage: (after: Cursor | null) => Promise<RowsPage>): AsyncGenerator<{ text: string; rows: number }> {
  let page = await readPage(null);
  // The report's columns, and each "other" text's code beside it (results_responses adds it: the coding is the database's).
  const columns = csvColumns(config, { personal: page.personal !== false, coded: true });
  yield { text: stringify([], { ...CSV_OPTIONS, columns: columns.map((column) => column.header) }), rows: 0 };
  for (;;) {
    yield { text: stringify(page.rows.map((row) => columns.map((column) => column.cell(row))), { escape_formulas: CSV_OPTIONS.escape_formulas }), rows: page.rows.length };
    if (!page.next) return;
    page = await readPage(page.next);
  }
}
