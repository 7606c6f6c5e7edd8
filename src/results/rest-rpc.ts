/**
 * A results function called with a token the caller already holds, by a
 * plain fetch as supabase-js's PostgREST client sends it (POST
 * /rest/v1/rpc/<name>, apikey, Authorization: Bearer, a JSON body; the
 * error as PostgREST's JSON gives it, a DatabaseRefusal). The first view's requests go this
 * way from the site's small entry: supabase.rpc would wait for supabase-js
 * to be downloaded and for its session to be set up (/auth/v1/user) first.
 */
import { ANON_KEY, PROJECT_URL } from "./project.ts";
import { DatabaseRefusal, type DatabaseAnswer } from "./refusal.ts";

export async function rpcWithToken<T>(token: string, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${PROJECT_URL}/rest/v1/rpc/${name}`, {
    method: "POST",
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new DatabaseRefusal((body ?? {}) as DatabaseAnswer, `${name}: ${response.status}`);
  return body as T;
}
