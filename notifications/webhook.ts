/**
 * One webhook try: the event signed by the Standard Webhooks specification
 * (webhook-id = the event's id, the same on every try, so that the receiver
 * can drop duplicates; webhook-timestamp = now; webhook-signature = v1 HMAC
 * of both and the body) and POSTed with a timeout. 2xx is delivered, 410
 * stops the channel, anything else is tried again later.
 */
import { Webhook } from "standardwebhooks";
import { refusedAddress } from "./address-guard.ts";
import { failure, success, type ClaimedEvent, type Outcome } from "./types.ts";
import { retryAfterSeconds } from "./backoff.ts";
import { teamWords } from "./words.ts";

export interface WebhookSettings {
  /** The channel's signing secret (whsec_…), from the environment; null when missing. */
  secretOf(channelName: string): string | null;
  timeoutMs: number;
  allowLoopback: boolean;
}

/** The request body: the response as stored (without personal columns unless the channel receives them). */
export const webhookBody = (event: ClaimedEvent, timestamp: Date): string =>
  JSON.stringify({ type: "response.created", timestamp: timestamp.toISOString(), survey: event.survey_id, data: event.payload });

/** `deadline` aborts the whole try (the worker words that failure); `settings.timeoutMs` bounds the request alone. */
export async function sendWebhook(event: ClaimedEvent, settings: WebhookSettings, deadline: AbortSignal): Promise<Outcome> {
  const errors = teamWords(event.language).errors;
  const url = event.target.url!;
  const name = event.channel.slice(event.channel.indexOf("/") + 1);
  const secret = settings.secretOf(name);
  if (!secret) return failure(errors.missingSecret(secretVariable(name)));
  const host = new URL(url).hostname;
  const refused = await refusedAddress(url, settings.allowLoopback).catch(() => errors.unresolved(host));
  if (typeof refused === "string") return failure(refused);
  if (refused) return failure(errors.refused(refused.host, refused.address));
  const timestamp = new Date();
  const body = webhookBody(event, timestamp);
  const signature = new Webhook(secret).sign(event.id, timestamp, body);
  // Held here until the request settles: a timeout signal that only AbortSignal.any refers to can be garbage collected
  // before it fires (Node 20), and the request would then wait for the deadline instead.
  const requestTimeout = AbortSignal.timeout(settings.timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": event.id, "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)), "webhook-signature": signature },
      body,
      redirect: "manual",
      signal: AbortSignal.any([deadline, requestTimeout]),
    });
    await response.body?.cancel();
    if (response.ok) return success(response.status);
    if (response.status === 410) return failure(errors.gone, 410, { gone: true });
    return failure(`HTTP ${response.status}`, response.status, { retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")) });
  } catch (error) {
    if (requestTimeout.aborted) return failure(errors.noAnswer(settings.timeoutMs));
    return failure(errors.connectionFailed(errorCode(error)));
  }
}

/** The system's code of a failed connection (ECONNREFUSED, ECONNRESET…): the same in every language. */
const errorCode = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code ?? (error as Error).name;
};

/** OUTBOX_SECRET_<NAME>: the channel's name upper-cased, "-" as "_". */
export const secretVariable = (channelName: string): string => `OUTBOX_SECRET_${channelName.toUpperCase().replace(/-/g, "_")}`;
