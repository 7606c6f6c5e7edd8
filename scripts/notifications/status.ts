/**
 * `npm run outbox -- status`: one line per channel, then its last failures
 * (outbox.channel_state). A failure's text is the worker's, in the team's
 * language, and already names the HTTP status when there was one.
 */
interface ChannelState {
  survey_id: string;
  name: string;
  kind: string;
  active: boolean;
  state: string;
  failures_in_row: number;
  pending: number;
  sent: number;
  dead: number;
  last_failures: { at: string; attempt: number; http_status: number | null; error: string | null }[];
  paused_until: string | null;
}

export function statusLines(rows: Record<string, unknown>[]): string[] {
  if (!rows.length) return ["[outbox] no channels: no survey file has notifications"];
  return (rows as unknown as ChannelState[]).flatMap((row) => [
    `${row.survey_id}/${row.name} (${row.kind}${row.active ? "" : ", removed from the file"}): ${row.state}, ${row.sent} sent, ${row.pending} pending, ${row.dead} dead, ${row.failures_in_row} failure(s) in a row${paused(row.paused_until)}`,
    ...row.last_failures.map((failure) => `    ${failure.at} try ${failure.attempt}: ${failure.error ?? (failure.http_status ? `HTTP ${failure.http_status}` : "")}`),
  ]);
}

/** A channel held back by a Retry-After or a backoff, while it is. */
const paused = (until: string | null, now = Date.now()) => (until && Date.parse(until) > now ? `, paused until ${until}` : "");
