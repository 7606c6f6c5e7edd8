/**
 * A cross-tab's counts for the report (--crosstab rows,cols):
 * report.crosstab(request, row axis, column axis), the same function the
 * results site's results_crosstab calls, through PostgREST with the service
 * key or straight through DATABASE_URL, as read-numbers.ts reads the numbers.
 */
import { psql } from "../data-api/psql-database.ts";
import { REPORT_SCHEMA } from "../sql/report-sql.ts";
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import type { CrosstabCounts } from "../../src/report/crosstab/table.ts";
import { ReadError, type DataSource } from "./read-rows.ts";

const sqlOf = ({ id: _id, title: _title, values: _values, ...sql }: CrosstabAxis) => sql;

export async function readCrosstab(source: DataSource, request: object, rows: CrosstabAxis, columns: CrosstabAxis, signal?: AbortSignal): Promise<CrosstabCounts> {
  const args = { survey: request, row_axis: sqlOf(rows), column_axis: sqlOf(columns) };
  if (source.databaseUrl) {
    const variables = Object.entries(args).flatMap(([name, value]) => ["--set", `${name}=${JSON.stringify(value)}`]);
    const output = await psql(source.databaseUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", ...variables], `select ${REPORT_SCHEMA}.crosstab(:'survey'::jsonb, :'row_axis'::jsonb, :'column_axis'::jsonb);`).catch((error: Error) => {
      throw new ReadError(`[report] the cross-tab ${rows.id} × ${columns.id} failed through DATABASE_URL: ${error.message}`);
    });
    return JSON.parse(output) as CrosstabCounts;
  }
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json", "content-profile": REPORT_SCHEMA };
  const response = await fetch(`${source.url}/rest/v1/rpc/crosstab`, { method: "POST", headers, body: JSON.stringify(args), signal });
  if (!response.ok) throw new ReadError(`[report] the cross-tab ${rows.id} × ${columns.id} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CrosstabCounts;
}
