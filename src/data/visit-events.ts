/**
 * Delivers visit events without the respondent ever waiting for them: they
 * are queued and sent together a moment later, or at once when the page is
 * hidden or the survey is left, with `keepalive` so that a closing tab still
 * delivers them. A failure is dropped silently: a drop-off figure may miss a
 * visit, a respondent never notices. Plain fetch, not supabase-js, which is
 * not part of the first load.
 */
import { VISIT_EVENTS_TABLE, type VisitEvent } from "../core/visit-steps.ts";

const FLUSH_DELAY_MS = 1000;

let queue: VisitEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function queueVisitEvents(events: VisitEvent[]): void {
  if (events.length === 0) return;
  queue.push(...events);
  timer ??= setTimeout(flushVisitEvents, FLUSH_DELAY_MS);
}

export function flushVisitEvents(): void {
  clearTimeout(timer);
  timer = undefined;
  const batch = queue;
  queue = [];
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (batch.length === 0 || !url || !key) return;
  try {
    void fetch(`${url}/rest/v1/${VISIT_EVENTS_TABLE}`, {
      method: "POST",
      keepalive: true,
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=minimal" },
      body: JSON.stringify(batch),
    }).catch(() => undefined);
  } catch {
    // fetch itself may throw (e.g. a keepalive quota); the events are not worth a respondent's trouble.
  }
}
