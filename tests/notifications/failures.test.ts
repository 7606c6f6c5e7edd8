// Failures are seen (local data API on PGlite, a real SMTP server): an
// endpoint that always fails gives its owner one e-mail, its events are set
// aside as dead after the file's attempts, and replay delivers them once it
// answers; 410 stops the channel; an endpoint on a loopback address is
// refused unless the local setting allows it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outboxSurvey, SECRET, startOutboxStack, type OutboxStack } from "../support/outbox-stack.ts";
import { startInbox, type Inbox } from "../support/smtp-inbox.ts";
import { startReceiver, type Receiver } from "../support/webhook-receiver.ts";
import { command, REPO } from "../scripts/helpers.ts";

let stack: OutboxStack;
let inbox: Inbox;
let receiver: Receiver;

beforeAll(async () => {
  inbox = await startInbox();
  receiver = await startReceiver(SECRET);
  stack = await startOutboxStack(outboxSurvey({ owner: "dona@example.com", attempts: 3, alertAfter: 3, webhooks: [{ name: "crm", url: receiver.url }] }));
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
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const channelState = async () => (await stack.sql<{ state: string; dead: string; sent: string; pending: string; last_failures: { error: string }[] }>("select * from outbox.channel_state where name = 'crm'"))[0]!;
// Not spawnSync: the data API runs in this process and must keep answering.
const outboxCli = (...args: string[]) =>
  promisify(execFile)(process.execPath, command("scripts/notifications/cli.ts", ...args), {
    cwd: REPO, encoding: "utf8", env: { ...process.env, SUPABASE_URL: stack.api.url, SUPABASE_SERVICE_ROLE_KEY: stack.api.serviceRoleKey },
  });
const ownerMails = () => inbox.messages.filter(({ to }) => to === "dona@example.com");

describe("an endpoint that fails", () => {
  test("always failing: one e-mail to the owner, every event dead after its attempts, and replay delivers them once it answers", async () => {
    receiver.mode = 500;
    const since = new Date(Date.now() - 60_000).toISOString();
    await stack.insert(Array.from({ length: 5 }, () => ({ cor: "Azul" })));
    const worker = stack.startWorker({ SMTP_URL: inbox.url });
    await until(async () => Number((await channelState()).dead) === 5, "five dead events");
    await until(() => ownerMails().length > 0, "the owner's e-mail");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(ownerMails()).toHaveLength(1);
    expect(ownerMails()[0]!.subject).toBe("Notificações com falha: avisos / crm");
    expect(ownerMails()[0]!.text).toContain('O canal "crm" falhou 3 vezes seguidas. Último erro: HTTP 500');
    const state = await channelState();
    expect({ dead: state.dead, sent: state.sent, pending: state.pending, state: state.state }).toEqual({ dead: "5", sent: "0", pending: "0", state: "failing" });
    expect(state.last_failures[0]!.error).toBe("HTTP 500");
    // status words each channel in the language its row carries: the owner's channel here as an English survey's would be.
    await stack.sql("update outbox.channels set language = 'en' where name = 'owner'");
    const status = await outboxCli("status");
    await stack.sql("update outbox.channels set language = 'pt-BR' where name = 'owner'");
    expect(status.stdout, status.stderr).toContain("avisos/crm (webhook): falhando, 0 entregues, 0 pendentes, 5 não entregues, ");
    expect(status.stdout).toContain("avisos/owner (owner alert): working, 1 delivered, 0 pending, 0 dead, 0 failures in a row\n");

    receiver.mode = "ok";
    const replay = await outboxCli("replay", "--since", since);
    expect(replay.stdout).toContain("5 event(s) will be sent again");
    await until(() => new Set(receiver.delivered).size === 5, "the replayed deliveries");
    await until(async () => (await channelState()).sent === "5", "five sent");
    expect((await channelState()).state).toBe("ok");
    expect(ownerMails()).toHaveLength(1);
    worker.kill();
  }, 180_000);

  test("410 Gone stops the channel after its first answer: its events wait, untried, for a replay", async () => {
    receiver.mode = 410;
    await stack.sql("update outbox.channels set attempts = 10 where name = 'crm'");
    await stack.insert([{ cor: "Verde" }, { cor: "Verde" }]);
    const worker = stack.startWorker({ SMTP_URL: inbox.url });
    await until(async () => (await channelState()).state === "stopped", "the stopped channel");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const tries = await stack.sql<{ count: string }>("select count(*) from outbox.log where channel = 'avisos_responses/crm' and http_status = 410");
    expect(Number(tries[0]!.count)).toBeLessThanOrEqual(2);
    expect((await channelState()).pending).toBe("2");
    worker.kill();
  }, 180_000);

  test("an endpoint on a loopback address is refused without the local setting", async () => {
    receiver.mode = "ok";
    const before = receiver.delivered.length;
    await stack.sql("update outbox.channels set state = 'ok', failures_in_row = 0 where name = 'crm'; update outbox.events set status = 'dead' where channel = 'avisos_responses/crm' and status = 'pending'");
    await stack.insert([{ cor: "Rojo" }]);
    const worker = stack.startWorker({ SMTP_URL: inbox.url, OUTBOX_ALLOW_LOOPBACK: "0" });
    await until(async () => (await channelState()).last_failures[0]?.error.startsWith("endereço recusado: 127.0.0.1 resolve para 127.0.0.1") ?? false, "the refusal");
    expect(receiver.delivered.length).toBe(before);
    worker.kill();
  }, 180_000);
});
