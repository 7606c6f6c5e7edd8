/**
 * How long a submit that could not reach the data API waits before it tries
 * again by itself: 1 s, 2 s, 4 s, 8 s, then every 10 s while the page is open
 * (an `online` event tries at once). Short enough that a respondent who is
 * back on the network sees the thank-you page within seconds.
 */
export const RETRY = { firstDelayMs: 1000, maxDelayMs: 10_000 } as const;

/** Delay before try number `retry` + 1 (retry 0 is the first retry). */
export function retryDelayMs(retry: number): number {
  return Math.min(RETRY.firstDelayMs * 2 ** Math.max(retry, 0), RETRY.maxDelayMs);
}
