/**
 * A local data API for its own tests: one table `t` whose rules are those of
 * a survey table (anon may insert, never read; a CHECK), migrations written
 * into a temporary folder, and the requests a survey page makes.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataApi } from "../../scripts/data-api/index.ts";

export const START_TIMEOUT = 180_000;

export const TABLE_SQL = `
create table t (id uuid primary key, x text check (char_length(x) <= 10));
alter table t enable row level security;
-- As on a Supabase project, anon holds every privilege on a new public table until revoked.
revoke all on t from anon, authenticated;
grant insert on t to anon;
create policy anon_insert on t for insert to anon with check (true);
-- What PostgREST received, as a db-pre-request function would see it.
create function request_headers() returns json language sql
  as $$ select current_setting('request.headers', true)::json $$;
grant execute on function request_headers() to anon;
`;

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "data-api-test-"));
}

export async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return dir;
}

export function insert(api: DataApi, row: object, key = api.anonKey): Promise<Response> {
  return fetch(`${api.restUrl}/t`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify(row),
  });
}

export class NoRealtime {
  constructor() {
    throw new Error("Realtime is not part of the local data API");
  }
}

export const selectAll = (api: DataApi, table: string, key: string) =>
  fetch(`${api.restUrl}/${table}?select=*`, { headers: { apikey: key } });

export async function storedIds(api: DataApi): Promise<string[]> {
  const response = await fetch(`${api.restUrl}/t?select=id`, { headers: { apikey: api.serviceRoleKey } });
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
}

/** The headers PostgREST passed to the database for a request sent from `localAddress`. */
export function headersSeenByDatabase(
  api: DataApi,
  localAddress: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${api.restUrl}/rpc/request_headers`,
      {
        method: "POST",
        localAddress,
        headers: { apikey: api.anonKey, "content-type": "application/json", ...extra },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.once("end", () =>
          res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body}`)),
        );
      },
    );
    req.once("error", reject);
    req.end("{}");
  });
}
