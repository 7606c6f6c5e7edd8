// E-mail from the outbox on the local data API (PGlite) and a real SMTP
// server: one message per response sent through the public API as a
// respondent sends it, and a daily digest whose counts equal the rows of
// its window in the survey's time zone.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { command, REPO } from "../scripts/helpers.ts";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { COLORS, outboxSurvey, startOutboxStack, type OutboxStack } from "../support/outbox-stack.ts";
import { startInbox, type Inbox } from "../support/smtp-inbox.ts";

let stack: OutboxStack;
let inbox: Inbox;
const survey = outboxSurvey({
  owner: "dona@example.com",
  resultsUrl: "https://example.com/resultados",
  email: [
    { name: "cada", to: ["equipe@example.com"], send: "each" },
    { name: "resumo", to: ["chefe@example.com"], send: "daily", hour: 9 },
  ],
});

beforeAll(async () => {
  inbox = await startInbox();
  stack = await startOutboxStack(survey);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await inbox?.close();
});

async function until(condition: () => boolean, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`[outbox test] timed out waiting for ${what}: ${JSON.stringify(inbox.messages.map(({ subject }) => subject))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A response as the page sends it: the public key, one row per request. */
async function respond(row: Record<string, unknown>) {
  const response = await fetch(`${stack.api.restUrl}/avisos_responses`, {
    method: "POST",
    headers: { apikey: stack.api.anonKey, authorization: `Bearer ${stack.api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
    body: JSON.stringify({ id: crypto.randomUUID(), definition_version: definitionVersion(survey), ...row }),
  });
  expect(response.status).toBe(201);
}

describe("e-mail from the outbox", () => {
  test("each response sent by a respondent gives one e-mail to the team, in Portuguese, its answers under their questions' titles, without personal answers", async () => {
    for (let i = 0; i < 5; i++) await respond({ nome_completo: `Pessoa ${i}`, correo: `p${i}@example.com`, cor: COLORS[i % 3] });
    const worker = stack.startWorker({ SMTP_URL: inbox.url });
    await until(() => inbox.messages.filter(({ subject }) => subject === "Nova resposta: avisos").length === 5, "five alerts");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const alerts = inbox.messages.filter(({ subject }) => subject === "Nova resposta: avisos");
    expect(alerts).toHaveLength(5);
    expect(alerts.map(({ text }) => /^¿Nombre\?: (Pessoa \d)$/m.exec(text)?.[1]).sort()).toEqual(["Pessoa 0", "Pessoa 1", "Pessoa 2", "Pessoa 3", "Pessoa 4"]);
    expect(alerts.every(({ text }) => /^¿Color\?: (Azul|Verde|Rojo)$/m.test(text) && !text.includes("nome_completo") && !text.includes("¿Correo?"))).toBe(true);
    expect(alerts.every(({ to, text }) => to === "equipe@example.com" && !text.includes("@example.com") && text.includes("Resultados: https://example.com/resultados"))).toBe(true);
    worker.kill();
  }, 180_000);

  test("a daily digest at 9:00 in the survey's time zone counts exactly the responses of its day, as the report does", async () => {
    // The period that ended last; rows are moved inside it, before it and after it.
    const [period] = await stack.sql<{ period_start: Date; period_end: Date }>(
      "select p.* from outbox.channels c, outbox.last_period(c.target, now()) p where c.id = 'avisos_responses/resumo'",
    );
    const { period_start: start, period_end: end } = period!;
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(24);
    expect(new Intl.DateTimeFormat("en", { timeZone: "America/Sao_Paulo", hour: "numeric", hourCycle: "h23" }).format(end)).toBe("09");
    const inside = await stack.insert(Array.from({ length: 7 }, (_, i) => ({ cor: COLORS[i % 2] })));
    const before = await stack.insert([{ cor: "Rojo" }, { cor: "Azul" }]);
    await stack.sql("update avisos_responses set created_at = $1::timestamptz + (random() * interval '23 hours') where id = any($2::uuid[])", [start, inside]);
    await stack.sql("update avisos_responses set created_at = $1::timestamptz - interval '1 minute' where id = any($2::uuid[])", [start, before]);
    await stack.sql("update outbox.channels set created_at = now() - interval '30 days' where id = 'avisos_responses/resumo'");
    const [expected] = await stack.sql<{ responses: string; azul: string; verde: string; rojo: string }>(
      `select count(*) responses, count(*) filter (where cor = 'Azul') azul, count(*) filter (where cor = 'Verde') verde, count(*) filter (where cor = 'Rojo') rojo
         from avisos_responses where created_at >= $1 and created_at < $2`,
      [start, end],
    );
    const worker = stack.startWorker({ SMTP_URL: inbox.url });
    await until(() => inbox.messages.some(({ subject }) => subject === "Resumo diário: avisos"), "the digest");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const digests = inbox.messages.filter(({ subject }) => subject === "Resumo diário: avisos");
    expect(digests).toHaveLength(1);
    const { text, to } = digests[0]!;
    expect(to).toBe("chefe@example.com");
    expect(text).toContain(`Respostas: ${expected!.responses}`);
    expect(text).toContain("¿Color?\n");
    expect(Number(expected!.responses)).toBe(7);
    for (const [color, count] of [["Azul", expected!.azul], ["Verde", expected!.verde], ["Rojo", expected!.rojo]] as const) {
      if (Number(count) > 0) expect(text).toContain(`  ${color}: ${count}\n`);
      else expect(text).not.toContain(`  ${color}:`);
    }
    worker.kill();
  }, 180_000);

  test("npm run outbox -- digest shows a channel's digest for any period without sending it, and sends it with --send", async () => {
    const [period] = await stack.sql<{ period_start: Date; period_end: Date }>("select p.* from outbox.channels c, outbox.last_period(c.target, now()) p where c.id = 'avisos_responses/resumo'");
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, command("scripts/notifications/cli.ts", "digest", "--channel", "resumo", "--since", period!.period_start.toISOString(), "--until", period!.period_end.toISOString(), ...args), {
        cwd: REPO, encoding: "utf8", env: { ...process.env, SUPABASE_URL: stack.api.url, SUPABASE_SERVICE_ROLE_KEY: stack.api.serviceRoleKey, SMTP_URL: inbox.url },
      });
    const before = inbox.messages.length;
    const preview = await cli();
    expect(preview.stdout).toContain("To: chefe@example.com\nSubject: Resumo diário: avisos\n");
    expect(preview.stdout).toContain("Respostas: 7\n");
    expect(preview.stdout).toContain("nothing was sent");
    expect(inbox.messages.length).toBe(before);
    await cli("--send");
    await until(() => inbox.messages.length === before + 1, "the digest sent by hand");
    expect(inbox.messages.at(-1)!.text).toContain("Respostas: 7\n");
  }, 120_000);
});
