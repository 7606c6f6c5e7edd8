/**
 * The outbox in the database, reached through PostgREST's /rpc with the
 * service_role key: the one path both the local process (the local data
 * API's gateway) and the Edge Function (the project's URL) have.
 */
import type { ClaimedEvent, Outcome } from "./types.ts";

export interface OutboxStore {
  claim(maxEvents: number, leaseSeconds: number): Promise<ClaimedEvent[]>;
  finish(eventId: string, outcome: Outcome, retryInSeconds: number, ms: number): Promise<void>;
  numbers(request: Record<string, unknown>): Promise<{ responses: { responses: number; counts: Record<string, number> } }>;
  replay(since: string, channelName: string | null, everything: boolean): Promise<number>;
  state(): Promise<Record<string, unknown>[]>;
}

export class StoreUnavailableError extends Error {}

export function restStore(supabaseUrl: string, serviceRoleKey: string, timeoutMs = 30_000): OutboxStore {
  const rpc = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${supabaseUrl.replace(/\/$/, "")}/rest/v1/rpc/${name}`, {
        method: "POST",
        headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json" },
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new StoreUnavailableError(`[outbox] ${name}: the data API did not answer (${(error as Error).message})`);
    }
    const text = await response.text();
    if (!response.ok) throw new StoreUnavailableError(`[outbox] ${name}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    claim: (maxEvents, leaseSeconds) => rpc("outbox_claim", { max_events: maxEvents, lease_seconds: leaseSeconds }),
    finish: (eventId, outcome, retryInSeconds, ms) =>
      rpc("outbox_finish", { event_id: eventId, ok: outcome.ok, http_status: outcome.httpStatus, error: outcome.error, retry_in_seconds: retryInSeconds, gone: outcome.gone, ms }),
    numbers: (request) => rpc("outbox_numbers", { survey: request }),
    replay: (since, channelName, everything) => rpc("outbox_replay", { since, channel_name: channelName, everything }),
    state: () => rpc("outbox_state", {}),
  };
}
