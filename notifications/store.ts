/**
 * The outbox in the database, reached through PostgREST's /rpc with the
 * service_role key: the one path both the local process (the local data
 * API's gateway) and the Edge Function (the project's URL) have.
 */
import type { ReportResponses } from "./digest.ts";
import type { ClaimedEvent, Outcome } from "./types.ts";

/** One try of one event: its attempt number is how the database tells a try that still holds the event from one that lost it. */
export interface Try {
  id: string;
  attempt: number;
}

export interface OutboxStore {
  claim(maxEvents: number, leaseSeconds: number): Promise<ClaimedEvent[]>;
  /** The tries still held get leaseSeconds more; resolves with the ids of those still held. */
  renew(held: Try[], leaseSeconds: number): Promise<string[]>;
  finish(held: Try, outcome: Outcome, retryInSeconds: number, startedAt: Date, ms: number): Promise<void>;
  numbers(request: Record<string, unknown>): Promise<ReportResponses>;
  replay(since: string, channelName: string | null, everything: boolean): Promise<number>;
  state(): Promise<Record<string, unknown>[]>;
  /** The digest channels named `name` or `<survey id>/<name>`. */
  digestChannels(name: string): Promise<DigestChannel[]>;
}

export type DigestChannel = Pick<ClaimedEvent, "survey_id" | "target" | "language" | "results_url"> & { id: string; name: string };

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
    renew: (held, leaseSeconds) => rpc("outbox_renew", { held, lease_seconds: leaseSeconds }),
    finish: ({ id, attempt }, outcome, retryInSeconds, startedAt, ms) =>
      rpc("outbox_finish", {
        event_id: id, attempt, started_at: startedAt.toISOString(), ok: outcome.ok, http_status: outcome.httpStatus, error: outcome.error, retry_in_seconds: retryInSeconds, gone: outcome.gone, ms,
      }),
    numbers: (request) => rpc("outbox_numbers", { survey: request }),
    replay: (since, channelName, everything) => rpc("outbox_replay", { since, channel_name: channelName, everything }),
    state: () => rpc("outbox_state", {}),
    digestChannels: (name) => rpc("outbox_digest_channels", { channel_name: name }),
  };
}
