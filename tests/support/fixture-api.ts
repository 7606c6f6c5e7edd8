/**
 * The local data API (gateway + the real PostgREST) over the migrations
 * codegen writes for a set of fixture surveys, on either database the
 * generated SQL must hold on: PGlite in memory, or a throw-away PostgreSQL
 * server reached through DATABASE_URL, as the data API runs on a real one.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { MIGRATIONS_DIR } from "../../scripts/lib/codegen.ts";
import { migrationsFor } from "../e2e/support/stack.ts";

export const API_BACKENDS = ["PGlite", "PostgreSQL"] as const;
export type ApiBackend = (typeof API_BACKENDS)[number];

export interface FixtureApi {
  api: DataApi;
  /** The database's URL for a direct connection (PostgreSQL only). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

export async function startFixtureApi(surveysDir: string, backend: ApiBackend): Promise<FixtureApi> {
  const root = await migrationsFor(surveysDir);
  let server: PostgresServer | undefined;
  const before = process.env.DATABASE_URL;
  try {
    if (backend === "PostgreSQL") {
      server = await startPostgresServer();
      process.env.DATABASE_URL = server.url;
    } else delete process.env.DATABASE_URL;
    const api = await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir: join(root, MIGRATIONS_DIR) });
    return {
      api,
      databaseUrl: server?.url ?? null,
      stop: async () => {
        await api.stop();
        server?.stop();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server?.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
}

/** One request to the data API's REST endpoint with `key` (the anon key unless told), answered as status and parsed body. */
export async function rest(api: DataApi, method: string, path: string, body?: unknown, { key = api.anonKey, headers = {} as Record<string, string> } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${api.restUrl}/${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=minimal", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
