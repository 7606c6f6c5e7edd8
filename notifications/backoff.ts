/**
 * When to try an event again: exponential backoff from `baseMs`, capped,
 * with jitter (a random point in the upper half of the step) so that the
 * events of one outage do not come back all at once. A Retry-After the
 * endpoint sent (429) is honoured when longer.
 */
export interface BackoffSettings {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 10_000, capMs: 3_600_000 };

export function retryDelayMs(attempt: number, settings: BackoffSettings, retryAfterSeconds: number | null, random = Math.random): number {
  const step = Math.min(settings.capMs, settings.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = step / 2 + random() * (step / 2);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}

/** Retry-After as seconds: a number, or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}
