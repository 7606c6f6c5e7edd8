/**
 * `npm run outbox -- digest --channel <name> --since <time> [--until <time>] [--send]`:
 * the digest a channel would send for that period, written out for the team
 * to see (a preview, the default), or sent now with --send. The same
 * numbers and words as the scheduled digest (notifications/digest.ts,
 * notifications/email.ts); a digest sent by hand is not recorded as the
 * period's, so the scheduled one still goes.
 */
import { windowNumbers } from "../../notifications/digest.ts";
import { digestMessage, mailSender } from "../../notifications/email.ts";
import type { WorkerSettings } from "../../notifications/settings.ts";
import type { OutboxStore } from "../../notifications/store.ts";
import type { ClaimedEvent } from "../../notifications/types.ts";
import { UserError } from "../lib/cli.ts";

export interface DigestOptions {
  channel?: string;
  since?: string;
  until?: string;
  send: boolean;
}

const validTime = (time: string | undefined) => time !== undefined && !Number.isNaN(Date.parse(time));

/** The lines to print; throws a UserError with the reason when the options or the channel are wrong, or the mail is refused. */
export async function digestCommand(store: OutboxStore, settings: WorkerSettings, options: DigestOptions): Promise<string[]> {
  if (!options.channel || !validTime(options.since) || (options.until !== undefined && !validTime(options.until))) {
    throw new UserError("[outbox] digest needs --channel <name> and --since <time> (--until <time>, default now; --send to send it)");
  }
  const channels = await store.digestChannels(options.channel);
  if (channels.length !== 1) {
    throw new UserError(channels.length ? `[outbox] several surveys have a digest "${options.channel}": name one, e.g. --channel ${channels[0]!.survey_id}/${channels[0]!.name}` : `[outbox] no digest channel "${options.channel}"`);
  }
  const [channel] = channels as [(typeof channels)[number]];
  const event: ClaimedEvent = {
    ...channel, id: crypto.randomUUID(), channel: channel.id, kind: "digest", attempt: 1, created_at: new Date().toISOString(), detail: null, payload: null,
    period_start: new Date(options.since!).toISOString(), period_end: new Date(options.until ?? Date.now()).toISOString(),
  };
  const message = digestMessage(event, await windowNumbers(event, store.numbers));
  const shown = [`To: ${message.to.join(", ")}`, `Subject: ${message.subject}`, "", message.text];
  if (!options.send) return [...shown, "[outbox] a preview: nothing was sent (--send sends it)"];
  const outcome = await mailSender(settings.mail)(event, message, AbortSignal.timeout(settings.deadlineMs));
  if (!outcome.ok) throw new UserError(`[outbox] the digest was not sent: ${outcome.error}`);
  return [...shown, `[outbox] sent to ${message.to.join(", ")}`];
}
