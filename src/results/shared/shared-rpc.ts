/**
 * A share link's reads, with the anon key alone, as anyone who opens the link
 * is. A view is asked first by GET (results_shared_kept,
 * scripts/sql/share-cache-sql.ts): a view already kept comes with an ETag and
 * `Cache-Control: public, max-age=60`, so the browser (and a CDN in front of
 * the API) answers a reader's next visits within the minute itself and asks
 * again with If-None-Match after it (304, no body). A view not kept yet is
 * `null`: it is then asked by POST (results_shared_numbers or
 * results_shared_crosstab, the same arguments), which computes and keeps it.
 * A 404 (an unknown, expired or revoked token: the database answers them
 * alike) is the Error "notFound".
 */
import { SHARED_GET_FUNCTION } from "../../core/share-cache.ts";
import { ANON_KEY, PROJECT_URL } from "../project.ts";

const KEY = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };

async function answer<T>(name: string, request: Promise<Response>): Promise<T> {
  const response = await request;
  if (response.status === 404) throw new Error("notFound");
  const text = await response.text();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${(JSON.parse(text || "{}") as { message?: string }).message ?? ""}`);
  return JSON.parse(text) as T;
}

export async function sharedView<T>(post: string, args: Record<string, string>): Promise<T> {
  const kept = await answer<T | null>(SHARED_GET_FUNCTION, fetch(`${PROJECT_URL}/rest/v1/rpc/${SHARED_GET_FUNCTION}?${new URLSearchParams(args)}`, { headers: KEY }));
  if (kept !== null) return kept;
  return answer<T>(post, fetch(`${PROJECT_URL}/rest/v1/rpc/${post}`, { method: "POST", headers: { ...KEY, "content-type": "application/json" }, body: JSON.stringify(args) }));
}
