/**
 * Partial responses where they meet other features, on PGlite and on
 * PostgreSQL 15 (concurrent finishes each in a session of their own there):
 * - quality: the time is the database's, not the times per question the
 *   save request claims;
 * - one response per field: the first step's save inserts the row before the
 *   e-mail is typed, so the key is written and checked when a later save
 *   gives the answer, and of two responses finishing with one e-mail at the
 *   same moment exactly one is stored;
 * - receipts and visits: a response started on one device and finished on
 *   another through the resume link keeps the visits of both, so deleting it
 *   with the receipt deletes every device's visit events (and their
 *   utm_source), and neither the visits view nor the report counts them;
 *   devices saving at the same moment each record their visit once;
 * - a closing tab's saves: a response's numbered saves arriving together in
 *   any order, the first ones meeting on the insert, leave the newest;
 * - notifications: a response's events are recorded when it is finished,
 *   none for the first step's insert of a response that may never be.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ONCE_ERROR_CODES } from "../../src/core/once.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { QUALITY_FLAGS } from "../../src/core/quality.ts";
import { receiptFunctionName } from "../../src/core/receipt.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { pgliteBackend, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";
import { onTestedDatabases } from "../support/databases.ts";

const QUESTIONS = [
  { id: "nome", type: "text", title: "¿Nombre?", emoji: "💬", required: true },
  { id: "correo", type: "email", title: "¿Correo?", emoji: "📧", required: true },
  { id: "cor", type: "radio", title: "¿Color?", emoji: "🎨", required: true, options: ["Rojo", "Azul"] },
] as const;

const survey = (table: string, extra: object) => ({ ...tinySurvey({ questions: QUESTIONS as never, partialResponses: true, ...extra }), id: table.replaceAll("_", "-"), table });
const SURVEYS = [
  survey("timed_poll", { quality: { minSecondsPerQuestion: 5 } }),
  survey("once_poll", { oncePer: "field", oncePerQuestion: "correo" }),
  survey("receipt_poll", { receipt: {}, hiddenFields: ["utm_source"] }),
  survey("ordered_poll", {}),
  survey("notified_poll", { notifications: { owner: "equipe@example.org", webhooks: [{ name: "crm", url: "https://crm.example.org/hook" }] } }),
];

const BACKENDS = onTestedDatabases([
  ["PGlite", pgliteBackend],
  ["PostgreSQL", () => postgresBackend({ maxConnections: 60 })],
] as const);

const stamp = versionedRows(SURVEYS);
const SECRET = "s".repeat(43);
const CODE = "ABCD-EFGH-JKMN-PQRS";
const uuid = (n: number) => `6f1c0d52-8d9e-4a8e-9c41-${String(n).padStart(12, "0")}`;
const result = (attempt: Promise<unknown>) => attempt.then(() => "saved", (error: { code?: string }) => error.code ?? String(error));
const saveSql = (table: string) => `select public.${partialFunctionName(table, "save")}($1::jsonb, $2)`;
const save = (db: SqlBackend, table: string, response: object) => result(db.asRole("anon", saveSql(table), [JSON.stringify(stamp(table, response)), SECRET]));
const rows = (db: SqlBackend, sql: string, params?: unknown[]) => db.query<Record<string, unknown>>(sql, params);

/** The saves of `responses`, at once: each in its own session on PostgreSQL (queued on PGlite's one). */
async function saveTogether(db: SqlBackend, table: string, responses: object[]): Promise<string[]> {
  if (!db.url) return Promise.all(responses.map((response) => save(db, table, response)));
  const clients = responses.map(() => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    // Each opens its transaction first, so that the saves meet inside the database.
    await Promise.all(clients.map((client) => client.query("begin; set local role anon;")));
    return await Promise.all(
      clients.map((client, i) =>
        result(
          client.query(saveSql(table), [JSON.stringify(stamp(table, responses[i]!)), SECRET]).then(
            () => client.query("commit"),
            async (error) => {
              await client.query("rollback");
              throw error;
            },
          ),
        ),
      ),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

describe.each(BACKENDS)("partial responses with other features on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations(SURVEYS.map((config) => ({ file: `surveys/${config.id}.json`, config })), emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
  }, 300_000);
  afterAll(() => db?.close());

  test("quality: a save claiming 60,000 ms per question is still too fast by the database's clock; a row begun minutes ago is not", async () => {
    const claimed = { nome: 60_000, correo: 60_000, cor: 60_000 };
    const answers = { nome: "Ana", correo: "ana@example.org", cor: "Azul", finished: true, question_ms: claimed };
    expect(await save(db, "timed_poll", { id: uuid(1), nome: "Ana", last_step: "correo", question_ms: { nome: 60_000 } })).toBe("saved");
    expect(await save(db, "timed_poll", { id: uuid(1), ...answers })).toBe("saved");
    expect((await rows(db, "select quality from public.timed_poll where id = $1", [uuid(1)]))[0]!.quality).toEqual([QUALITY_FLAGS.tooFast]);

    expect(await save(db, "timed_poll", { id: uuid(2), nome: "Ana", last_step: "correo" })).toBe("saved");
    await db.query("update public.timed_poll set created_at = now() - interval '10 minutes' where id = $1", [uuid(2)]);
    expect(await save(db, "timed_poll", { id: uuid(2), ...answers, question_ms: { nome: 1 } })).toBe("saved");
    expect((await rows(db, "select quality from public.timed_poll where id = $1", [uuid(2)]))[0]!.quality).toEqual([]);
  });

  test("one response per field: the key is written when a later save gives the answer, and a second response with it is refused", async () => {
    expect(await save(db, "once_poll", { id: uuid(11), nome: "Ana", last_step: "correo" })).toBe("saved");
    expect(await save(db, "once_poll", { id: uuid(11), nome: "Ana", correo: "ana@example.org", cor: "Azul", finished: true })).toBe("saved");
    expect((await rows(db, "select once_key from public.once_poll where id = $1", [uuid(11)]))[0]!.once_key).toMatch(/^[0-9a-f]{64}$/);
    expect(await save(db, "once_poll", { id: uuid(12), nome: "Bea", last_step: "correo" })).toBe("saved");
    expect(await save(db, "once_poll", { id: uuid(12), nome: "Bea", correo: " ANA@example.org", cor: "Rojo", finished: true })).toBe(ONCE_ERROR_CODES.taken);
    expect((await rows(db, "select finished from public.once_poll where id = $1", [uuid(12)]))[0]!.finished).toBe(false);
  });

  test("one response per field: 20 responses begun apart and finishing with one e-mail at once store one finished response", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => uuid(100 + i));
    for (const id of ids) expect(await save(db, "once_poll", { id, nome: "Ana", last_step: "correo" })).toBe("saved");
    const outcomes = await saveTogether(db, "once_poll", ids.map((id) => ({ id, nome: "Ana", correo: "same@example.org", cor: "Azul", finished: true })));
    expect(outcomes.filter((outcome) => outcome === "saved")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === ONCE_ERROR_CODES.taken)).toHaveLength(19);
    const finished = await rows(db, "select once_key from public.once_poll where id = any($1::uuid[]) and finished", [ids]);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.once_key).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);

  test("receipts: a response begun on one device and finished on another, deleted with its receipt, takes both devices' visits with it", async () => {
    const [first, second, stranger] = [uuid(201), uuid(202), uuid(203)];
    const event = (visit: string, step: string, source: string) =>
      db.asRole("anon", "insert into public.visit_events (visit_id, survey_id, step, hidden) values ($1, 'receipt-poll', $2, $3)", [visit, step, JSON.stringify({ utm_source: source })]);
    const visitNumbers = async () => {
      const request = numbersRequest(SURVEYS[2]!, { where: {} }, "UTC");
      const visits = (await rows(db, "select report.survey_numbers($1::jsonb) -> 'visits' as v", [JSON.stringify(request)]))[0]!.v as { visits: number; sources: Record<string, [string, number, number][]> };
      return { visits: visits.visits, sources: visits.sources.utm_source };
    };
    await event(first, "opened", "boletim");
    await event(first, "first_answer", "boletim");
    expect(await save(db, "receipt_poll", { id: uuid(21), nome: "Ana", visit_id: first, last_step: "correo" })).toBe("saved");
    // The resume link opened on the second device: a visit of its own there, with its own source.
    await event(second, "opened", "whatsapp");
    expect(await save(db, "receipt_poll", { id: uuid(21), nome: "Ana", correo: "ana@example.org", visit_id: second, last_step: "cor" })).toBe("saved");
    expect(await save(db, "receipt_poll", { id: uuid(21), nome: "Ana", correo: "ana@example.org", cor: "Azul", visit_id: second, finished: true, receipt_hash: CODE })).toBe("saved");
    await event(second, "submitted", "whatsapp");
    // Someone else's visit, which the deletion leaves.
    await event(stranger, "opened", "whatsapp");
    expect((await rows(db, "select visit_id from public.receipt_poll where id = $1", [uuid(21)]))[0]!.visit_id).toBe(first);
    expect(await visitNumbers()).toEqual({ visits: 3, sources: [["boletim", 1, 1], ["whatsapp", 2, 1]] });

    await db.asRole("anon", `select public.${receiptFunctionName("receipt_poll", "delete")}($1)`, [CODE]);
    expect(await rows(db, "select * from public.receipt_poll where id = $1", [uuid(21)])).toHaveLength(0);
    expect(await rows(db, "select visit_id from public.visit_events where visit_id = any($1::uuid[])", [[first, second]])).toEqual([]);
    expect(await rows(db, "select visit_id from public.visits where survey_id = 'receipt-poll'")).toEqual([{ visit_id: stranger }]);
    expect(await visitNumbers()).toEqual({ visits: 1, sources: [["whatsapp", 1, 0]] });
    // The record of the second device goes with the response.
    expect(await rows(db, "select * from survey_private.partial_visits where response_id = $1", [uuid(21)])).toEqual([]);
  });

  test("receipts: six devices saving one response at the same moment, twice each, leave their visit once; the deletion takes all of them", async () => {
    const id = uuid(22);
    const devices = Array.from({ length: 7 }, (_, i) => `7a2e5c10-0b1d-4c7e-8f00-${String(i).padStart(12, "0")}`);
    for (const visit of devices) {
      await db.asRole("anon", "insert into public.visit_events (visit_id, survey_id, step, hidden) values ($1, 'receipt-poll', 'opened', '{}')", [visit]);
    }
    expect(await save(db, "receipt_poll", { id, nome: "Ana", visit_id: devices[0], last_step: "correo" })).toBe("saved");
    // The resume link open on six other devices, each sending its step twice (a retry), every save in a session of its own (on PostgreSQL).
    const steps = [...devices.slice(1), ...devices.slice(1)].map((visit) => ({ id, nome: "Ana", correo: "ana@example.org", visit_id: visit, last_step: "cor" }));
    expect(await saveTogether(db, "receipt_poll", steps)).toEqual(steps.map(() => "saved"));
    expect((await rows(db, "select visit_id from public.receipt_poll where id = $1", [id]))[0]!.visit_id).toBe(devices[0]);
    const recorded = await rows(db, "select visit_id from survey_private.partial_visits where response_id = $1 order by visit_id", [id]);
    expect(recorded.map((row) => row.visit_id)).toEqual(devices.slice(1));

    expect(await save(db, "receipt_poll", { id, nome: "Ana", correo: "ana@example.org", cor: "Rojo", visit_id: devices[6], finished: true, receipt_hash: "BCDE-FGHJ-KMNP-QRST" })).toBe("saved");
    await db.asRole("anon", `select public.${receiptFunctionName("receipt_poll", "delete")}($1)`, ["BCDE-FGHJ-KMNP-QRST"]);
    expect(await rows(db, "select visit_id from public.visit_events where visit_id = any($1::uuid[])", [devices])).toEqual([]);
    expect(await rows(db, "select * from survey_private.partial_visits where response_id = $1", [id])).toEqual([]);
  }, 120_000);

  test("a closing tab's saves, sent together and arriving in any order, the first ones meeting on the insert: one row, holding the newest", async () => {
    const ids = [uuid(41), uuid(42), uuid(43)];
    const steps = ["nome", "correo", "cor"] as const;
    // Three responses' twelve saves each, numbered 1 to 12 and started in a shuffled order, each in a session of its own (on PostgreSQL).
    const numbers = [7, 2, 12, 1, 9, 4, 11, 3, 6, 10, 5, 8];
    const saves = numbers.flatMap((n) => ids.map((id) => ({ id, nome: `Ana ${n}`, last_step: steps[n % 3], save_number: n })));
    expect(await saveTogether(db, "ordered_poll", saves)).toEqual(saves.map(() => "saved"));
    const stored = await rows(db, "select id, nome, last_step, save_number from public.ordered_poll where id = any($1::uuid[]) order by id", [ids]);
    expect(stored).toEqual(ids.map((id) => ({ id, nome: "Ana 12", last_step: "nome", save_number: 12 })));
  }, 120_000);

  test("notifications: no event while the response is unfinished, one when it is finished, none more on a retry", async () => {
    const events = async () => Number((await rows(db, "select count(*)::int as n from outbox.events where survey_table = 'notified_poll' and response_id = $1", [uuid(31)]))[0]!.n);
    expect(await save(db, "notified_poll", { id: uuid(31), nome: "Ana", last_step: "correo" })).toBe("saved");
    expect(await save(db, "notified_poll", { id: uuid(31), nome: "Ana", correo: "ana@example.org", last_step: "cor" })).toBe("saved");
    expect(await events()).toBe(0);
    const finished = { id: uuid(31), nome: "Ana", correo: "ana@example.org", cor: "Azul", finished: true };
    expect(await save(db, "notified_poll", finished)).toBe("saved");
    expect(await save(db, "notified_poll", finished)).toBe("saved");
    expect(await events()).toBe(1);
  });
});
