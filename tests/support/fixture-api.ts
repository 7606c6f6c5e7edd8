/**
 * The local data API (gateway + the real PostgREST) over the migrations
 * codegen writes for a set of fixture surveys, on either database the
 * generated SQL must hold on: PGlite in memory, or a throw-away PostgreSQL
 * server (data-api-on.ts).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { MIGRATIONS_DIR } from "../../scripts/lib/codegen.ts";
import { migrationsFor } from "../e2e/support/stack.ts";
import { startDataApiOn, type ApiBackend } from "./data-api-on.ts";

export { API_BACKENDS, type ApiBackend } from "./data-api-on.ts";

export interface FixtureApi {
  api: DataApi;
  /** The database's URL for a direct connection (PostgreSQL only). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

export async function startFixtureApi(surveysDir: string, backend: ApiBackend): Promise<FixtureApi> {
  const root = await migrationsFor(surveysDir);
  try {
    const { api, server, stop } = await startDataApiOn(backend, join(root, MIGRATIONS_DIR));
    return {
      api,
      databaseUrl: server?.url ?? null,
      stop: async () => {
        await stop();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
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
