/**
 * Reading a survey's responses (for the CSV) through PostgREST with the service
 * key, page by page (keyset on a unique indexed key: every page is one index
 * range, so the cost grows linearly and no request is unbounded). A hosted
 * project may cap a page below the size asked for; reading stops only at an
 * empty page.
 */

export type { ReadFilters } from "../../src/report/sql-numbers.ts";
import type { ReadFilters } from "../../src/report/sql-numbers.ts";
import { UserError } from "../lib/cli.ts";

export interface DataSource {
  /** Project URL, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co */
  url: string;
  serviceKey: string;
  /** A direct connection (DATABASE_URL): the numbers are computed through it instead of the API. */
  databaseUrl?: string;
}


// Small pages: the JSON of one page is held whole while it is parsed (5,000 rows held about 100 MB more at a million rows).
export const PAGE_SIZE = 1000;

export class ReadError extends UserError {}

export interface ReadOptions {
  /** Stops the reading (Ctrl-C): the pending request is cancelled and the reader throws. */
  signal?: AbortSignal;
  /** Told once, with the first page, how many rows the API expects (null when it does not say). */
  onTotal?: (total: number | null) => void;
}

/** The total of a Content-Range header such as "0-4999/100000". */
const totalOf = (range: string | null): number | null => {
  const total = /\/(\d+)$/.exec(range ?? "")?.[1];
  return total === undefined ? null : Number(total);
};

async function* pages<T extends Record<K, string>, K extends string>(source: DataSource, table: string, key: K, query: URLSearchParams, options: ReadOptions): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const params = new URLSearchParams(query);
    params.set("order", key);
    params.set("limit", String(PAGE_SIZE));
    if (after !== null) params.append(key, `gt.${after}`);
    const address = `${source.url}/rest/v1/${table}?${params}`;
    const headers: Record<string, string> = { apikey: source.serviceKey, authorization: `Bearer ${source.serviceKey}`, accept: "application/json" };
    if (after === null && options.onTotal) headers.prefer = "count=exact";
    let response: Response;
    try {
      response = await fetch(address, { headers, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ReadError(`[report] cannot reach the data API at ${source.url} (${(error as Error).message}); start it with npm run db:start or set SUPABASE_URL`);
    }
    if (!response.ok) throw new ReadError(`[report] reading ${table} failed: ${response.status} ${await response.text()}`);
    if (after === null) options.onTotal?.(totalOf(response.headers.get("content-range")));
    const page = (await response.json()) as T[];
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]![key];
  }
}

export function readResponses(source: DataSource, table: string, filters: ReadFilters, options: ReadOptions = {}) {
  const query = new URLSearchParams({ select: "*" });
  if (filters.since) query.append("created_at", `gte.${filters.since}`);
  for (const [column, value] of Object.entries(filters.where)) query.append(column, `eq.${value}`);
  return pages<Record<string, unknown> & { id: string; created_at: string }, "id">(source, table, "id", query, options);
}
