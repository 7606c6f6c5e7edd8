/**
 * The report's numbers of a survey with partial responses
 * (report.partial_numbers, scripts/sql/partial-responses-sql.ts): finished
 * and unfinished rows counted apart, and the median milliseconds on each
 * question of each. Read like the other numbers: through DATABASE_URL with
 * psql, else PostgREST with the service key and the `report` profile.
 * The rows are the report's: since --since, equal to each --where. The
 * report's other numbers count every row; `--where finished=false` (or
 * `=true`) shows one kind alone.
 */
import { psql } from "../data-api/psql.ts";
import { PARTIAL_NUMBERS_FUNCTION } from "../sql/partial-responses-sql.ts";
import { REPORT_SCHEMA } from "../sql/report-sql.ts";
import type { PartialNumbers } from "../../src/report/partial-numbers.ts";
import { ReadError, type DataSource, type ReadFilters } from "./read-rows.ts";

export type { PartialNumbers };

export async function readPartialNumbers(source: DataSource, table: string, filters: ReadFilters): Promise<PartialNumbers> {
  const where = filters.where;
  if (source.databaseUrl) {
    const output = await psql(source.databaseUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", "--set", `tbl=${table}`, "--set", `filters=${JSON.stringify(where)}`, "--set", `since=${filters.since ?? ""}`], `select ${PARTIAL_NUMBERS_FUNCTION}(:'tbl', :'filters'::jsonb, nullif(:'since', '')::timestamptz);`).catch(
      (error: Error) => {
        throw new ReadError(`[report] the partial responses' numbers failed through DATABASE_URL: ${error.message}`);
      },
    );
    return JSON.parse(output) as PartialNumbers;
  }
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json", "content-profile": REPORT_SCHEMA };
  const response = await fetch(`${source.url}/rest/v1/rpc/${PARTIAL_NUMBERS_FUNCTION.split(".")[1]}`, { method: "POST", headers, body: JSON.stringify({ tbl: table, filters: where, since: filters.since ?? null }) }).catch((error: Error) => {
    throw new ReadError(`[report] cannot reach the data API at ${source.url} (${error.message})`);
  });
  if (!response.ok) throw new ReadError(`[report] the partial responses' numbers failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as PartialNumbers;
}
