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

export interface WebhookSettings {
  /** The channel's signing secret (whsec_…), from the environment; null when missing. */
  secretOf(channelName: string): string | null;
  timeoutMs: number;
  allowLoopback: boolean;
}

/** The request body: the response as stored (without personal columns unless the channel receives them). */
export const webhookBody = (event: ClaimedEvent, timestamp: Date): string =>
  JSON.stringify({ type: "response.created", timestamp: timestamp.toISOString(), survey: event.survey_id, data: event.payload });

export async function sendWebhook(event: ClaimedEvent, settings: WebhookSettings): Promise<Outcome> {
  const url = event.target.url!;
  const name = event.channel.slice(event.channel.indexOf("/") + 1);
  const secret = settings.secretOf(name);
  if (!secret) return failure(`segredo ausente: defina ${secretVariable(name)}`);
  const refused = await refusedAddress(url, settings.allowLoopback).catch((error: Error) => `endereço não resolvido: ${error.message}`);
  if (refused) return failure(refused);
  const timestamp = new Date();
  const body = webhookBody(event, timestamp);
  const signature = new Webhook(secret).sign(event.id, timestamp, body);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": event.id, "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)), "webhook-signature": signature },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return success(response.status);
    if (response.status === 410) return failure("410 Gone: o destino pediu para parar", 410, { gone: true });
    return failure(`HTTP ${response.status}`, response.status, { retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")) });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? `sem resposta em ${settings.timeoutMs} ms` : `conexão falhou: ${(error as Error).cause ?? (error as Error).message}`;
    return failure(reason);
  }
}

/** OUTBOX_SECRET_<NAME>: the channel's name upper-cased, "-" as "_". */
export const secretVariable = (channelName: string): string => `OUTBOX_SECRET_${channelName.toUpperCase().replace(/-/g, "_")}`;
