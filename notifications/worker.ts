/**
 * The outbox worker, the same code in the local process
 * (scripts/notifications/cli.ts) and in the Edge Function
 * (supabase/functions/outbox/): claim due events, send each through its
 * channel, give each outcome back. A failed try is retried after a backoff
 * with jitter until the channel's attempts are spent (then it is dead until
 * a replay); the database counts failures in a row and queues the owner's
 * one alert. Delivery is at least once: a worker killed between sending and
 * finishing leaves the event to be claimed again when its lease ends, with
 * the same webhook-id and Message-ID.
 *
 * A live worker never sends one event twice: each send has one deadline
 * (settings.deadlineMs, the whole HTTP request or SMTP transaction, aborted
 * then), the worker renews the lease of every try it holds every third of
 * the lease while it sends, and it never takes back an event it is still
 * sending. Every try is logged with its own attempt number, start and
 * duration, the one that lost its lease included.
 */
import { retryDelayMs } from "./backoff.ts";
import { windowNumbers } from "./digest.ts";
import { alertMessage, digestMessage, mailSender, responseMessage } from "./email.ts";
import type { WorkerSettings } from "./settings.ts";
import type { OutboxStore, Try } from "./store.ts";
import { failure, success, type ClaimedEvent, type Outcome } from "./types.ts";
import { sendWebhook } from "./webhook.ts";
import { teamWords } from "./words.ts";

export interface Worker {
  /** One claim and its sends; resolves with how many events it handled. */
  runOnce(): Promise<number>;
  /** Claims until `shouldStop()`; a database that does not answer is waited out. */
  runUntil(shouldStop: () => boolean, log?: (line: string) => void): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function outboxWorker(store: OutboxStore, settings: WorkerSettings): Worker {
  const sendMail = mailSender(settings.mail);
  /** The tries this worker is sending: their leases are renewed, and a claim never hands their events back to it. */
  const holding = new Map<string, number>();
  let renewing: ReturnType<typeof setInterval> | null = null;

  async function deliver(event: ClaimedEvent, signal: AbortSignal): Promise<Outcome> {
    try {
      switch (event.kind) {
        case "webhook":
          return await sendWebhook(event, settings.webhook, signal);
        case "email":
          // A response deleted since (its respondent's right) is not sent: nothing is left to tell.
          return event.payload ? await sendMail(event, responseMessage(event), signal) : success();
        case "digest":
          return await sendMail(event, digestMessage(event, await windowNumbers(event, store.numbers)), signal);
        case "alert":
          return await sendMail(event, alertMessage(event), signal);
      }
    } catch (error) {
      return failure(teamWords(event.language).errors.unexpected((error as Error).message));
    }
  }

  /** The outcome reaches the database, or the lease ends and the event is sent again (never lost). */
  async function finish(held: Try, outcome: Outcome, startedAt: Date, ms: number): Promise<void> {
    const retryIn = outcome.ok ? 0 : retryDelayMs(held.attempt, settings.backoff, outcome.retryAfterSeconds) / 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await store.finish(held, outcome, retryIn, startedAt, Math.round(ms));
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(500 * 2 ** attempt);
      }
    }
  }

  /** Every third of the lease while tries are held; a renewal the database misses is made at the next tick. */
  function renewWhileHolding(log: (line: string) => void) {
    if (renewing || holding.size === 0) return;
    renewing = setInterval(() => {
      const held = [...holding].map(([id, attempt]) => ({ id, attempt }));
      store.renew(held, settings.leaseSeconds).catch((error: Error) => log(`[outbox] renewing the leases: ${error.message}`));
    }, (settings.leaseSeconds * 1000) / 3);
  }

  async function handle(event: ClaimedEvent, log: (line: string) => void): Promise<void> {
    const held = { id: event.id, attempt: event.attempt };
    holding.set(event.id, event.attempt);
    renewWhileHolding(log);
    const startedAt = new Date();
    const started = performance.now();
    try {
      const deadline = AbortSignal.timeout(settings.deadlineMs);
      const delivered = await deliver(event, deadline);
      const outcome = deadline.aborted && !delivered.ok ? failure(teamWords(event.language).errors.deadline(settings.deadlineMs)) : delivered;
      await finish(held, outcome, startedAt, performance.now() - started).catch((error: Error) => log(`[outbox] ${event.id} try ${event.attempt}: ${error.message}`));
    } finally {
      holding.delete(event.id);
      if (holding.size === 0 && renewing) {
        clearInterval(renewing);
        renewing = null;
      }
    }
  }

  /** Claims up to `room` events; one this worker is still sending (its lease ran out meanwhile) is left to a later claim, not sent twice. */
  async function claim(room: number): Promise<ClaimedEvent[]> {
    const events = await store.claim(room, settings.leaseSeconds);
    return events.filter((event) => !holding.has(event.id));
  }

  async function runOnce(): Promise<number> {
    const events = await claim(settings.batch);
    await Promise.all(events.map((event) => handle(event, () => undefined)));
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
          const events = await claim(settings.batch - inFlight.size);
          unavailableMs = 0;
          claimed = events.length;
          for (const event of events) {
            const sending: Promise<void> = handle(event, log).finally(() => inFlight.delete(sending));
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
