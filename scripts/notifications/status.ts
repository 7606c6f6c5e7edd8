/**
 * `npm run outbox -- status`: one line per channel, then its last failures
 * (outbox.channel_state), each channel in its survey's notifications.language
 * (notifications/words.ts, the words of the team's e-mails). A failure's
 * text is the worker's, in the same language, and already names the HTTP
 * status when there was one. Only the line for no channels at all, which has
 * no survey to take a language from, is the command's own.
 */
import type { ChannelKind, TeamLanguage } from "../../notifications/types.ts";
import { teamWords, type StatusWords } from "../../notifications/words.ts";

interface ChannelState {
  survey_id: string;
  name: string;
  kind: ChannelKind;
  language: TeamLanguage;
  active: boolean;
  state: keyof StatusWords["states"];
  failures_in_row: number;
  pending: number;
  sent: number;
  dead: number;
  last_failures: { at: string; attempt: number; http_status: number | null; error: string | null }[];
  paused_until: string | null;
}

export function statusLines(rows: Record<string, unknown>[]): string[] {
  if (!rows.length) return ["[outbox] no channels: no survey file has notifications"];
  return (rows as unknown as ChannelState[]).flatMap((row) => {
    const words = teamWords(row.language).status;
    const kind = `${words.kinds[row.kind] ?? row.kind}${row.active ? "" : `, ${words.removed}`}`;
    return [
      `${row.survey_id}/${row.name} (${kind}): ${[words.states[row.state] ?? row.state, words.counts(row.sent, row.pending, row.dead), words.inRow(row.failures_in_row), ...paused(words, row.paused_until)].join(", ")}`,
      ...row.last_failures.map((failure) => `    ${failure.at} ${words.attempt(failure.attempt)}: ${failure.error ?? (failure.http_status ? `HTTP ${failure.http_status}` : "")}`),
    ];
  });
}

/** A channel held back by a Retry-After or a backoff, while it is. */
const paused = (words: StatusWords, until: string | null, now = Date.now()) => (until && Date.parse(until) > now ? [words.pausedUntil(until)] : []);
