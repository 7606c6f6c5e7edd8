// The worker against servers that are really slow, silent or asking to wait,
// on a real PostgreSQL (several workers, each through PostgREST): an SMTP
// server whose every reply comes late (each under the worker's timeout, the
// whole message over its lease) gets one e-mail per event from two live
// workers, and at least one, with the same Message-ID, when a worker is
// killed mid-send; a 429's Retry-After holds back the whole webhook channel;
// the owner of a Spanish survey is told in Spanish, once per outage, also
// when a 410 stops a channel before alertAfter failures; Ctrl-C lets a send
// in flight finish and be recorded.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outboxSurvey, SECRET, startOutboxStack, type OutboxStack } from "../support/outbox-stack.ts";
import { startInbox, type Inbox } from "../support/smtp-inbox.ts";
import { startReceiver, type Receiver } from "../support/webhook-receiver.ts";

/** Each reply of the slow SMTP server comes under the worker's timeout; the six replies of a message outlast its lease (9 s, the least for that timeout). */
const TIMEOUT_MS = 3_000;
const REPLY_DELAY_MS = 2_000;
const LEASE_SECONDS = 9;
let stack: OutboxStack;
let inbox: Inbox;
let receiver: Receiver;

beforeAll(async () => {
  inbox = await startInbox({ replyDelayMs: REPLY_DELAY_MS });
  receiver = await startReceiver(SECRET);
  stack = await startOutboxStack(
    outboxSurvey({ owner: "dona@example.com", language: "es", attempts: 3, alertAfter: 2, email: [{ name: "cada", to: ["equipe@example.com"], send: "each" }], webhooks: [{ name: "crm", url: receiver.url }] }),
    { postgres: true },
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await inbox?.close();
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`[outbox test] timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const startWorker = () => stack.startWorker({ SMTP_URL: inbox.url, OUTBOX_TIMEOUT_MS: String(TIMEOUT_MS), OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) });
/** Ctrl-C: the worker finishes the sends in flight, then exits. */
const stopWorker = (worker: ChildProcess) => new Promise<void>((resolve) => (worker.once("exit", () => resolve()), worker.kill("SIGINT")));
const pending = async (channel: string) => Number((await stack.sql<{ n: string }>("select count(*) n from outbox.events where channel = $1 and status = 'pending'", [channel]))[0]!.n);
const teamMails = () => inbox.messages.filter(({ to }) => to === "equipe@example.com");
const ownerMails = () => inbox.messages.filter(({ to }) => to === "dona@example.com");

describe("the worker against slow and failing servers", () => {
  test("a slow SMTP server (each reply late, each message longer than the lease) gets one e-mail per event from two live workers; every try on record", async () => {
    await stack.insert([{ cor: "Azul" }, { cor: "Verde" }, { cor: "Rojo" }]);
    const workers = [startWorker(), startWorker()];
    await until(async () => (await pending("avisos_responses/cada")) === 0 && (await pending("avisos_responses/crm")) === 0, "every event sent");
    await Promise.all(workers.map(stopWorker));
    const events = await stack.sql<{ id: string }>("select id::text from outbox.events where channel = 'avisos_responses/cada'");
    expect(teamMails().map(({ messageId }) => messageId).sort()).toEqual(events.map(({ id }) => `<${id}@localhost>`).sort());
    const tries = await stack.sql<{ attempt: number; ok: boolean; ms: number; started_at: Date | null }>("select attempt, ok, ms, started_at from outbox.log where channel = 'avisos_responses/cada'");
    expect(tries.map(({ attempt, ok }) => ({ attempt, ok }))).toEqual(events.map(() => ({ attempt: 1, ok: true })));
    expect(tries.every(({ ms, started_at }) => ms > LEASE_SECONDS * 1000 && started_at !== null), "each send outlived the lease it was claimed with").toBe(true);
  }, 180_000);

  test("a worker killed mid-send: the next one sends the e-mail again with the same Message-ID", async () => {
    const before = teamMails().length;
    const [id] = await stack.insert([{ cor: "Azul" }]);
    const [event] = await stack.sql<{ id: string }>("select id::text from outbox.events where channel = 'avisos_responses/cada' and response_id = $1", [id]);
    const first = startWorker();
    await until(async () => (await stack.sql("select 1 from outbox.events where id = $1 and attempts = 1", [event!.id])).length === 1, "the first worker's claim");
    first.kill("SIGKILL");
    const second = startWorker();
    await until(async () => (await stack.sql("select 1 from outbox.events where id = $1 and status = 'sent'", [event!.id])).length === 1, "the e-mail sent again");
    await stopWorker(second);
    const sent = teamMails().slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map(({ messageId }) => messageId))).toEqual(new Set([`<${event!.id}@localhost>`]));
  }, 180_000);

  test("a 429's Retry-After holds back the whole webhook channel, not only the event it answered", async () => {
    await stack.sql("update outbox.events set status = 'sent' where status = 'pending'");
    receiver.mode = 429;
    receiver.retryAfter = "3";
    receiver.arrivals.length = 0;
    await stack.insert([{ cor: "Azul" }, { cor: "Verde" }, { cor: "Rojo" }, { cor: "Azul" }]);
    const worker = startWorker();
    await until(async () => (await stack.sql("select 1 from outbox.log where channel = 'avisos_responses/crm' and http_status = 429")).length > 0, "the 429");
    receiver.mode = "ok";
    await until(async () => (await pending("avisos_responses/crm")) === 0, "the channel's events sent");
    await stopWorker(worker);
    const [refused, next] = receiver.arrivals;
    expect(refused!.answered).toBe(429);
    expect(next!.at - refused!.at, "no request within the Retry-After").toBeGreaterThanOrEqual(3_000);
  }, 180_000);

  test("the owner of a Spanish survey is told in Spanish: once when the endpoint stops answering, once when a 410 stops the channel", async () => {
    await stack.sql("update outbox.events set status = 'sent' where status = 'pending'; update outbox.channels set attempts = 50 where name = 'crm'");
    const told = ownerMails().length;
    receiver.mode = "silent";
    await stack.insert([{ cor: "Azul" }, { cor: "Verde" }]);
    const worker = startWorker();
    await until(() => ownerMails().length === told + 1, "the owner's alert");
    expect(ownerMails()[told]!.subject).toBe("Notificaciones con fallos: avisos / crm");
    expect(ownerMails()[told]!.text).toContain('El canal "crm" falló 2 veces seguidas. Último error: sin respuesta en 3000 ms.');
    receiver.mode = "ok";
    await until(async () => (await pending("avisos_responses/crm")) === 0, "the events sent once it answers");
    receiver.mode = 410;
    await stack.insert([{ cor: "Rojo" }]);
    await until(() => ownerMails().length === told + 2, "the alert of the stop");
    expect(ownerMails()[told + 1]!.text).toContain('El canal "crm" falló 1 vez. Último error: 410 Gone: el destino pidió parar. El destino respondió 410 y el canal se detuvo.');
    await stopWorker(worker);
    expect(ownerMails()).toHaveLength(told + 2);
  }, 180_000);

  test("Ctrl-C while a webhook waits on a silent endpoint: the try is recorded and its event released before the worker exits", async () => {
    await stack.sql("update outbox.events set status = 'sent' where status = 'pending'; update outbox.channels set state = 'ok', failures_in_row = 0, owner_told = false, paused_until = null where name = 'crm'");
    receiver.mode = "silent";
    const [id] = await stack.insert([{ cor: "Verde" }]);
    const [event] = await stack.sql<{ id: string }>("select id::text from outbox.events where channel = 'avisos_responses/crm' and response_id = $1", [id]);
    const worker = startWorker();
    await until(async () => (await stack.sql("select 1 from outbox.events where id = $1 and attempts = 1", [event!.id])).length === 1, "the webhook's claim");
    await stopWorker(worker);
    const tries = await stack.sql<{ attempt: number; error: string }>("select attempt, error from outbox.log where event_id = $1", [event!.id]);
    expect(tries).toEqual([{ attempt: 1, error: "sin respuesta en 3000 ms" }]);
    const [held] = await stack.sql<{ status: string; lease_until: Date | null }>("select status, lease_until from outbox.events where id = $1", [event!.id]);
    expect(held, "released for the next worker at once, not held until its lease ends").toEqual({ status: "pending", lease_until: null });
  }, 180_000);
});
