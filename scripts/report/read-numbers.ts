/**
 * Asking the database for a survey's numbers (report.survey_numbers, one
 * call): through PostgREST with the service key (the `report` schema, chosen
 * with Content-Profile), or straight through DATABASE_URL.
 */
import { psql } from "../data-api/psql-database.ts";
import { REPORT_SCHEMA } from "../sql/report-sql.ts";
import { ReadError, type DataSource } from "./read-rows.ts";
import type { SqlNumbers } from "../../src/report/sql-numbers.ts";

/** psql, as the data API reaches DATABASE_URL; the request travels as a psql variable, quoted by psql. */
async function throughDatabase(databaseUrl: string, request: object): Promise<SqlNumbers> {
  const query = `select ${REPORT_SCHEMA}.survey_numbers(:'survey'::jsonb);`;
  const output = await psql(databaseUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", "--set", `survey=${JSON.stringify(request)}`], query).catch((error: Error) => {
    throw new ReadError(`[report] the report's numbers failed through DATABASE_URL: ${error.message}`);
  });
  return JSON.parse(output) as SqlNumbers;
}

async function throughApi(source: DataSource, request: object, signal?: AbortSignal): Promise<SqlNumbers> {
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json", "content-profile": REPORT_SCHEMA };
  let response: Response;
  try {
    response = await fetch(`${source.url}/rest/v1/rpc/survey_numbers`, { method: "POST", headers, body: JSON.stringify({ survey: request }), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReadError(`[report] cannot reach the data API at ${source.url} (${(error as Error).message}); start it with npm run db:start or set SUPABASE_URL`);
  }
  if (!response.ok) {
    throw new ReadError(`[report] the report's numbers failed: ${response.status} ${await response.text()} (a hosted project must expose the schema "${REPORT_SCHEMA}": Project settings → Data API → Exposed schemas)`);
  }
  return (await response.json()) as SqlNumbers;
}

export const readNumbers = (source: DataSource, request: object, signal?: AbortSignal): Promise<SqlNumbers> =>
  source.databaseUrl ? throughDatabase(source.databaseUrl, request) : throughApi(source, request, signal);
