/**
 * The two calls of a partial response (scripts/sql/partial-responses-sql.ts),
 * plain fetch to PostgREST's /rpc with the anon key: save this row (its id,
 * the answers so far, finished or not, times per question) with its secret,
 * and read an unfinished row back with its secret. A failure is a
 * SubmitError of the same kinds the one-shot insert has, so the final save
 * waits out a lost connection exactly as that insert does.
 */
import { campaignRefusalOf } from "../core/campaign.ts";
import { partialFunctionName, type ResumeKey } from "../core/partial-response.ts";
import type { StoredRow } from "../core/partial-resume.ts";
import { failureKindOfStatus } from "../data/status-failure.ts";
import { SubmitError } from "../data/submit-error.ts";

const TIMEOUT_MS = 15_000;

async function callRpc(table: string, verb: "save" | "resume", body: object, keepalive: boolean): Promise<unknown> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !key) throw new SubmitError("unexpected", "[survey] VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set at build time");
  const name = partialFunctionName(table, verb);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${url}/rest/v1/rpc/${name}`, {
      method: "POST",
      keepalive,
      signal: deadline.signal,
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new SubmitError("unreachable", `[survey] ${name} could not be reached`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text().catch(() => "");
  if (response.ok) return text ? JSON.parse(text) : null;
  let code: string | undefined;
  let details: string | undefined;
  try {
    ({ code, details } = JSON.parse(text) as { code?: string; details?: string });
  } catch {
    // Not PostgREST's JSON (a gateway's page): the status decides.
  }
  // The code and details go with it, as with the one-shot insert: one response per person says its refusal by the code, a quota names itself in the details.
  throw new SubmitError(campaignRefusalOf(code) ?? failureKindOfStatus(response.status), `[survey] ${name} failed (${response.status} ${code ?? ""}): ${text.slice(0, 300)}`, { cause: { code, details } });
}

/** `row`: toRow's row with the partial columns; `keepalive` lets a save started as the tab closes arrive. */
export async function saveRow(table: string, row: StoredRow, secret: string, keepalive: boolean): Promise<void> {
  await callRpc(table, "save", { response: row, secret }, keepalive);
}

/** The unfinished row of `key`, or null when there is none (finished, purged, or another secret). */
export async function readRow(table: string, key: ResumeKey): Promise<StoredRow | null> {
  return (await callRpc(table, "resume", { response_id: key.responseId, secret: key.secret }, false)) as StoredRow | null;
}
