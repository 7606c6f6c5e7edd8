/** Responses through results_responses: keyset pages, newest first, and the export of the same filtered set, page after page. */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { csvPages, EXPORT_PAGE_SIZE, type RowsPage } from "./export/csv-pages.ts";
import { saveCsv } from "./export/save-csv.ts";
import { rpcFilters, type SiteFilters } from "./filters.ts";
import { rpc } from "./auth-client.ts";

export type ResponseRow = RowsPage["rows"][number];
export type Page = RowsPage;

export const PAGE_SIZE = 50;

export function responsesPage(survey: string, filters: SiteFilters, after: Page["next"], pageSize = PAGE_SIZE): Promise<Page> {
  return rpc<Page>("results_responses", { survey, filters: rpcFilters(filters), after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: pageSize });
}

/** The filtered set as the report's CSV (personal columns only with the grant: the rows are as the database returns them), saved as it streams. */
export function exportCsv(config: SurveyConfig, filters: SiteFilters, expectedRows: number, progress: (rows: number) => void): Promise<void> {
  const pages = csvPages(config, (after) => responsesPage(config.id, filters, after, EXPORT_PAGE_SIZE));
  return saveCsv(`${config.id}.csv`, pages, expectedRows, progress);
}
