/**
 * A submit that waits out a lost connection: while the data API cannot be
 * reached (or asks this address to slow down), try again by itself (after 1,
 * 2, 4, 8, then every 10 s, and at once when the browser comes back online)
 * until it can. Every try sends the same
 * response id, so however many it takes, one row is stored. Any other failure
 * ends the loop and is the caller's to show.
 */
import { retryDelayMs } from "../core/retry.ts";
import { failureKindOf, isWaitingKind, type WaitingKind } from "./submit-error.ts";

/** Resolves after `ms` or on the browser's `online` event, whichever comes first; rejects when aborted. */
function nextChance(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => {
      window.clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      signal.removeEventListener("abort", onAbort);
      finish();
    };
    const onOnline = () => settle(resolve);
    const onAbort = () => settle(() => reject(signal.reason));
    const timer = window.setTimeout(onOnline, ms);
    window.addEventListener("online", onOnline);
    signal.addEventListener("abort", onAbort);
  });
}

export async function retryWhileUnreachable(attempt: () => Promise<void>, { onWaiting, signal }: { onWaiting: (kind: WaitingKind) => void; signal: AbortSignal }): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const kind = failureKindOf(error);
      if (!isWaitingKind(kind) || signal.aborted) throw error;
      const delay = retryDelayMs(retry);
      console.warn(`[survey] data API ${kind === "rateLimited" ? "asks to slow down" : "unreachable"}, trying again in ${delay} ms or when back online`, error);
      onWaiting(kind);
      await nextChance(delay, signal);
    }
  }
}
