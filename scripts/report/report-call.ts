/**
 * One call of a report-schema function (service_role only) for the report:
 * straight through DATABASE_URL with psql, each argument a psql variable
 * quoted by psql, else through PostgREST with the service key and the
 * `report` profile. A string argument is text, any other value jsonb.
 */
import { psql } from "../data-api/psql.ts";
import { REPORT_SCHEMA } from "../sql/report-sql.ts";
import { ReadError, type DataSource } from "./read-rows.ts";

/** `what` names the call in its errors ("the report's numbers"). */
export async function callReport<T>(source: DataSource, name: string, args: Record<string, string | object>, what: string, signal?: AbortSignal): Promise<T> {
  if (source.databaseUrl) {
    const entries = Object.entries(args);
    const variables = entries.flatMap(([key, value]) => ["--set", `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`]);
    const call = `select ${REPORT_SCHEMA}.${name}(${entries.map(([key, value]) => (typeof value === "string" ? `:'${key}'` : `:'${key}'::jsonb`)).join(", ")});`;
    const output = await psql(source.databaseUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", ...variables], call).catch((error: Error) => {
      throw new ReadError(`[report] ${what} failed through DATABASE_URL: ${error.message}`);
    });
    return JSON.parse(output) as T;
  }
  const headers = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, "content-type": "application/json", "content-profile": REPORT_SCHEMA };
  let response: Response;
  try {
    response = await fetch(`${source.url}/rest/v1/rpc/${name}`, { method: "POST", headers, body: JSON.stringify(args), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReadError(`[report] cannot reach the data API at ${source.url} (${(error as Error).message}); start it with npm run db:start or set SUPABASE_URL`);
  }
  if (!response.ok) {
    throw new ReadError(`[report] ${what} failed: ${response.status} ${await response.text()} (a hosted project must expose the schema "${REPORT_SCHEMA}": Project settings → Data API → Exposed schemas)`);
  }
  return (await response.json()) as T;
}
