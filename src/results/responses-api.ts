/** Responses through results_responses: keyset pages, newest first, and every page of the filtered set for the export. */
import { stringify } from "csv-stringify/browser/esm/sync";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { CSV_OPTIONS, csvColumns } from "../report/csv-columns.ts";
import type { StoredRow } from "../report/question-numbers.ts";
import { rpcFilters, type SiteFilters } from "./filters.ts";
import { rpc } from "./supabase.ts";

export type ResponseRow = StoredRow & { id: string };
export interface Page {
  rows: ResponseRow[];
  next: { at: string; id: string } | null;
}

export const PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 1000;

export function responsesPage(survey: string, filters: SiteFilters, after: Page["next"], pageSize = PAGE_SIZE): Promise<Page> {
  return rpc<Page>("results_responses", { survey, filters: rpcFilters(filters), after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: pageSize });
}

/** The filtered set as the report's CSV, page by page (the rows as the database returns them: personal columns only with the grant). */
export async function exportCsv(config: SurveyConfig, filters: SiteFilters, progress: (rows: number) => void): Promise<Blob> {
  const columns = csvColumns(config);
  const parts: string[] = [stringify([], { ...CSV_OPTIONS, columns: columns.map((column) => column.header) })];
  let after: Page["next"] = null;
  let count = 0;
  do {
    const page = await responsesPage(config.id, filters, after, EXPORT_PAGE_SIZE);
    parts.push(stringify(page.rows.map((row) => columns.map((column) => column.cell(row))), { escape_formulas: CSV_OPTIONS.escape_formulas }));
    count += page.rows.length;
    progress(count);
    after = page.next;
  } while (after);
  return new Blob(parts, { type: "text/csv;charset=utf-8" });
}
