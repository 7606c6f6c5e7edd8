/**
 * The two calls of a receipt (scripts/sql/receipt-sql.ts), plain fetch to
 * PostgREST's /rpc with the anon key: the stored row of a code (null when
 * no response has it: a wrong code and a deleted response alike), and its
 * deletion (false likewise). A refusal by the rate limit and a lost
 * connection are told apart, for the page to say which.
 */
import { receiptFunctionName } from "../core/receipt.ts";

export type StoredRow = Record<string, unknown>;
export type ReceiptAnswer<T> = { kind: "answered"; value: T } | { kind: "tooMany" } | { kind: "failed" };

const TIMEOUT_MS = 15_000;

async function callRpc<T>(table: string, verb: "read" | "delete", code: string): Promise<ReceiptAnswer<T>> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (!url || !key) {
    console.error("[survey] VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set at build time");
    return { kind: "failed" };
  }
  try {
    const response = await fetch(`${url}/rest/v1/rpc/${receiptFunctionName(table, verb)}`, {
      method: "POST",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    if (response.status === 429) return { kind: "tooMany" };
    if (!response.ok) {
      console.error(`[survey] ${receiptFunctionName(table, verb)} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return { kind: "failed" };
    }
    return { kind: "answered", value: (await response.json()) as T };
  } catch (error) {
    console.warn(`[survey] ${receiptFunctionName(table, verb)} could not be reached`, error);
    return { kind: "failed" };
  }
}

export const readStoredRow = (table: string, code: string) => callRpc<StoredRow | null>(table, "read", code);
export const deleteStoredRow = (table: string, code: string) => callRpc<boolean>(table, "delete", code);
