/**
 * What the worker and the database say to each other (scripts/sql/outbox-sql.ts):
 * an event claimed by public.outbox_claim, and the outcome of one try given
 * back to public.outbox_finish. Plain types: this folder runs on Node (the
 * local process) and on Deno (the Edge Function) alike.
 */
export type ChannelKind = "webhook" | "email" | "digest" | "alert";
export type TeamLanguage = "pt-BR" | "es" | "en";

/** A question as the team wrote it (scripts/sql/outbox-questions.ts), in the e-mail and digest channels' targets. */
export interface QuestionWords {
  id: string;
  column: string;
  title: string;
  personal: boolean;
  /** Each option's (a matrix's row's and column's) label by its stored value. */
  labels?: Record<string, string>;
  /** The 'other' text's column and label. */
  other?: { column: string; label: string };
}

export interface ClaimedEvent {
  /** The event's id: the webhook-id, the same on every try. */
  id: string;
  /** "<table>/<name>" */
  channel: string;
  kind: ChannelKind;
  target: { url?: string; to?: string[]; send?: string; timeZone?: string; report?: Record<string, unknown>; questions?: QuestionWords[]; hidden?: string[] };
  /** The try this is, from 1. */
  attempt: number;
  created_at: string;
  survey_id: string;
  language: TeamLanguage;
  results_url: string | null;
  period_start: string | null;
  period_end: string | null;
  /** An alert's facts: the failing channel, how many failures, the last error. */
  detail: { channel: string; kind: string; failures: number; error: string | null; httpStatus: number | null; stopped: boolean } | null;
  /** The response as stored, without the personal columns unless the channel receives them; null for digests and alerts. */
  payload: Record<string, unknown> | null;
}

export interface Outcome {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** The endpoint answered 410 Gone: its channel stops until a replay. */
  gone: boolean;
  /** Seconds the endpoint asked to wait (429's Retry-After), if any. */
  retryAfterSeconds: number | null;
}

export const success = (httpStatus: number | null = null): Outcome => ({ ok: true, httpStatus, error: null, gone: false, retryAfterSeconds: null });
export const failure = (error: string, httpStatus: number | null = null, more: Partial<Outcome> = {}): Outcome => ({ ok: false, httpStatus, error, gone: false, retryAfterSeconds: null, ...more });
