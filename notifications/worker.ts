/**
 * The outbox worker, the same code in the local process
 * (scripts/notifications/cli.ts) and in the Edge Function
 * (supabase/functions/outbox/): claim due events, send each through its
 * channel, give each outcome back. A failed try is retried after a backoff
 * with jitter until the channel's attempts are spent (then it is dead until
 * a replay); the database counts failures in a row and queues the owner's
 * one alert. Delivery is at least once: a worker killed between sending and
 * finishing leaves the event to be claimed again when its lease ends, with
 * the same webhook-id.
 */
import { retryDelayMs } from "./backoff.ts";
import { windowNumbers } from "./digest.ts";
import { alertMessage, digestMessage, mailSender, responseMessage } from "./email.ts";
import type { WorkerSettings } from "./settings.ts";
import type { OutboxStore } from "./store.ts";
import { failure, success, type ClaimedEvent, type Outcome } from "./types.ts";
import { sendWebhook } from "./webhook.ts";

export interface Worker {
  /** One claim and its sends; resolves with how many events it handled. */
  runOnce(): Promise<number>;
  /** Claims until `shouldStop()`; a database that does not answer is waited out. */
  runUntil(shouldStop: () => boolean, log?: (line: string) => void): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function outboxWorker(store: OutboxStore, settings: WorkerSettings): Worker {
  const sendMail = mailSender(settings.mail);

  async function deliver(event: ClaimedEvent): Promise<Outcome> {
    try {
      switch (event.kind) {
        case "webhook":
          return await sendWebhook(event, settings.webhook);
        case "email":
          // A response deleted since (its respondent's right) is not sent: nothing is left to tell.
          return event.payload ? await sendMail(responseMessage(event)) : success();
        case "digest":
          return await sendMail(digestMessage(event, await windowNumbers(event, store.numbers)));
        case "alert":
          return await sendMail(alertMessage(event));
      }
    } catch (error) {
      return failure((error as Error).message);
    }
  }

  /** The outcome reaches the database, or the lease ends and the event is sent again (never lost). */
  async function finish(event: ClaimedEvent, outcome: Outcome, ms: number): Promise<void> {
    const retryIn = outcome.ok ? 0 : retryDelayMs(event.attempt, settings.backoff, outcome.retryAfterSeconds) / 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await store.finish(event.id, outcome, retryIn, Math.round(ms));
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(500 * 2 ** attempt);
      }
    }
  }

  async function handle(event: ClaimedEvent): Promise<void> {
    const started = performance.now();
    const outcome = await deliver(event);
    await finish(event, outcome, performance.now() - started).catch(() => undefined);
  }

  async function runOnce(): Promise<number> {
    const events = await store.claim(settings.batch, settings.leaseSeconds);
    await Promise.all(events.map(handle));
    return events.length;
  }

  /** Keeps up to settings.batch sends in flight: a slow endpoint holds one slot, not the whole batch. */
  async function runUntil(shouldStop: () => boolean, log: (line: string) => void = () => undefined): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let unavailableMs = 0;
    while (!shouldStop()) {
      let claimed = 0;
      if (inFlight.size < settings.batch) {
        try {
          const events = await store.claim(settings.batch - inFlight.size, settings.leaseSeconds);
          unavailableMs = 0;
          claimed = events.length;
          for (const event of events) {
            const sending: Promise<void> = handle(event).finally(() => inFlight.delete(sending));
            inFlight.add(sending);
          }
        } catch (error) {
          unavailableMs = Math.min(30_000, Math.max(500, unavailableMs * 2));
          log(`${(error as Error).message}; trying again in ${unavailableMs} ms`);
          await sleep(unavailableMs);
          continue;
        }
      }
      if (inFlight.size >= settings.batch) await Promise.race(inFlight);
      else if (claimed === 0) await Promise.race([sleep(settings.idleMs), ...inFlight]);
    }
    await Promise.all(inFlight);
  }

  return { runOnce, runUntil };
}
