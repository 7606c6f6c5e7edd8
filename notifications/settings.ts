/**
 * The worker's settings, read from the environment through `env` (Node's
 * process.env or Deno.env.get): secrets and servers never come from the
 * survey files.
 */
import { DEFAULT_BACKOFF, type BackoffSettings } from "./backoff.ts";
import type { MailSettings } from "./email.ts";
import { secretVariable, type WebhookSettings } from "./webhook.ts";

export interface WorkerSettings {
  webhook: WebhookSettings;
  mail: MailSettings;
  backoff: BackoffSettings;
  /** Events claimed and sent at once. */
  batch: number;
  /** How long a claim holds its events: a worker that dies leaves them to others after this; a live one renews it while it sends. */
  leaseSeconds: number;
  /** How long one send may take in all (the whole HTTP request, the whole SMTP transaction): it is aborted then. */
  deadlineMs: number;
  /** Pause when nothing is due. */
  idleMs: number;
}

export type Env = (name: string) => string | undefined;

const numberOf = (env: Env, name: string, fallback: number) => {
  const value = env(name);
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`[outbox] ${name}=${value} is not a number of milliseconds or events`);
  return parsed;
};

export function workerSettings(env: Env): WorkerSettings {
  const timeoutMs = numberOf(env, "OUTBOX_TIMEOUT_MS", 10_000);
  return {
    webhook: { secretOf: (name) => env(secretVariable(name)) ?? null, timeoutMs, allowLoopback: env("OUTBOX_ALLOW_LOOPBACK") === "1" },
    mail: { smtpUrl: env("SMTP_URL") ?? null, from: env("OUTBOX_MAIL_FROM") ?? "Pesquisa <no-reply@localhost>", timeoutMs },
    backoff: { baseMs: numberOf(env, "OUTBOX_RETRY_BASE_MS", DEFAULT_BACKOFF.baseMs), capMs: numberOf(env, "OUTBOX_RETRY_CAP_MS", DEFAULT_BACKOFF.capMs) },
    batch: numberOf(env, "OUTBOX_BATCH", 20),
    leaseSeconds: Math.max(numberOf(env, "OUTBOX_LEASE_SECONDS", 60), Math.ceil((timeoutMs * 3) / 1000)),
    deadlineMs: Math.max(numberOf(env, "OUTBOX_SEND_DEADLINE_MS", 30_000), timeoutMs),
    idleMs: numberOf(env, "OUTBOX_IDLE_MS", 2_000),
  };
}
