/**
 * Partial responses in the database, on PGlite and on a real PostgreSQL, as
 * the public anon role: a row is saved step by step and finished through
 * the save function, only with its own secret; nobody reads or changes
 * another row; a partial row holds only what the survey could send, but
 * not yet the required answers; times per question are clamped; the
 * campaign's limit counts finished rows; the report's median time per
 * question is percentile_cont over the rows. A survey without the setting
 * gets none of it.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import { MAX_QUESTION_MS, partialFunctionName } from "../../src/core/partial-response.ts";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const QUESTIONS = [
  { id: "nome", type: "text", title: "¿Nombre?", emoji: "💬", required: true },
  { id: "cor", type: "radio", title: "¿Color?", emoji: "🎨", required: true, options: ["Rojo", "Azul"] },
  { id: "nota", type: "text", title: "¿Algo más?", emoji: "📝", required: false },
] as const;

const survey = (table: string, extra: object) => ({ ...tinySurvey({ questions: QUESTIONS as never, ...extra }), id: table.replaceAll("_", "-"), table });
const SURVEYS = [survey("partial_poll", { partialResponses: true }), survey("full_poll", { partialResponses: true, maxResponses: 1 }), survey("plain_poll", {})];

const stamp = versionedRows([...SURVEYS, survey("live_poll", {})]);
const versionOf = (table: string) => stamp(table, {}).definition_version;

const SECRET = "s".repeat(43);
const OTHER_SECRET = "o".repeat(43);
const ID = "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0001";

const save = (db: SqlBackend, table: string, response: object, secret = SECRET) =>
  db.asRole("anon", `select public.${partialFunctionName(table, "save")}($1::jsonb, $2)`, [JSON.stringify(stamp(table, response)), secret]).then(
    () => "saved",
    (error: { code?: string }) => error.code ?? String(error),
  );

/** What the anon role gets back from the resume function (null: nothing). */
async function resume(db: SqlBackend, table: string, id: string, secret: string): Promise<Record<string, unknown> | null> {
  await db.asRole("none", `do $$ declare got jsonb; begin
      set local role anon;
      got := public.${partialFunctionName(table, "resume")}('${id}', '${secret}');
      perform set_config('partial_test.got', coalesce(got::text, 'null'), false);
    end $$`);
  const [row] = await db.query<{ got: string }>(`select current_setting('partial_test.got') as got`);
  return JSON.parse(row!.got);
}

const rowOf = async (db: SqlBackend, table: string, id = ID) => (await db.query<Record<string, unknown>>(`select * from public.${table} where id = $1`, [id]))[0];
const codeOf = (attempt: Promise<unknown>) => attempt.then(() => "ok", (error: { code?: string }) => error.code ?? String(error));

describe.each(BACKENDS)("partial responses on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations(SURVEYS.map((config) => ({ file: `surveys/${config.id}.json`, config })), emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
  }, 300_000);
  afterAll(() => db?.close());

  test("each step updates one row, unfinished, without the required answers yet; the final save finishes it", async () => {
    expect(await save(db, "partial_poll", { id: ID, nome: "Ana", last_step: "cor", question_ms: { nome: 1200 } })).toBe("saved");
    expect(await rowOf(db, "partial_poll")).toMatchObject({ nome: "Ana", cor: null, finished: false, last_step: "cor", question_ms: { nome: 1200 } });
    expect(await save(db, "partial_poll", { id: ID, nome: "Ana", cor: "Azul", last_step: "nota", question_ms: { nome: 1200, cor: 800 } })).toBe("saved");
    expect(await save(db, "partial_poll", { id: ID, nome: "Ana", cor: "Azul", finished: true, last_step: "nota", question_ms: { nome: 1200, cor: 800, nota: 50 } })).toBe("saved");
    const row = await rowOf(db, "partial_poll");
    expect(row).toMatchObject({ nome: "Ana", cor: "Azul", finished: true, question_ms: { nome: 1200, cor: 800, nota: 50 } });
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.updated_at).not.toBeNull();
    expect(Number((await db.query<{ n: number }>("select count(*)::int as n from public.partial_poll"))[0]!.n)).toBe(1);
    // A retry of the final save after a lost answer is success and changes nothing.
    expect(await save(db, "partial_poll", { id: ID, nome: "Otro", cor: "Rojo", finished: true })).toBe("saved");
    expect(await rowOf(db, "partial_poll")).toMatchObject({ nome: "Ana", finished: true });
  });

  test("a finished row needs its required answers", async () => {
    expect(await save(db, "partial_poll", { id: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0002", nome: "Ana", finished: true })).toBe("23514");
  });

  test("a partial row with a value outside an option list, a long text or a filled honeypot is refused", async () => {
    const id = "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0003";
    expect(await save(db, "partial_poll", { id, cor: "Verde" })).toBe("23514");
    expect(await save(db, "partial_poll", { id, nome: "x".repeat(5000) })).toBe("23514");
    expect(await save(db, "partial_poll", { id, website: "spam" })).toBe("23514");
    expect(await save(db, "partial_poll", { id, last_step: "nowhere" })).toBe("23514");
    expect(await rowOf(db, "partial_poll", id)).toBeUndefined();
  });

  test("another device's secret can neither change nor read a row; the anon role has no direct access", async () => {
    const id = "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0004";
    expect(await save(db, "partial_poll", { id, nome: "Bea" })).toBe("saved");
    expect(await save(db, "partial_poll", { id, nome: "Intruso" }, OTHER_SECRET)).toBe("42501");
    expect(await save(db, "partial_poll", { id, nome: "Sin secreto" }, "")).toBe("22023");
    expect(await rowOf(db, "partial_poll", id)).toMatchObject({ nome: "Bea", finished: false });
    expect(await resume(db, "partial_poll", id, OTHER_SECRET)).toBeNull();
    expect(await resume(db, "partial_poll", "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0099", SECRET)).toBeNull();
    const mine = await resume(db, "partial_poll", id, SECRET);
    expect(mine).toMatchObject({ id, nome: "Bea", finished: false });
    expect(mine).not.toHaveProperty("secret_hash");
    for (const sql of [`select * from public.partial_poll`, `update public.partial_poll set nome = 'x'`, `insert into public.partial_poll (id, nome) values (gen_random_uuid(), 'x')`, `delete from public.partial_poll`]) {
      expect(await codeOf(db.asRole("anon", sql)), sql).toBe("42501");
    }
    // Once finished, the link reads nothing.
    expect(await resume(db, "partial_poll", ID, SECRET)).toBeNull();
  });

  test("a save numbered below the row's changes nothing; a save without a number (a page built before it) applies; the link resumes with the number", async () => {
    const id = "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0006";
    expect(await save(db, "partial_poll", { id, nome: "Ana", cor: "Azul", last_step: "nota", save_number: 3 })).toBe("saved");
    // The older saves a closing tab had in flight, arriving after the newest: success for the page, nothing changes.
    expect(await save(db, "partial_poll", { id, nome: "Ana", last_step: "cor", save_number: 2 })).toBe("saved");
    expect(await save(db, "partial_poll", { id, last_step: "nome", save_number: 1 })).toBe("saved");
    expect(await rowOf(db, "partial_poll", id)).toMatchObject({ nome: "Ana", cor: "Azul", last_step: "nota", save_number: 3 });
    // The same number again (a retry) and a higher one apply.
    expect(await save(db, "partial_poll", { id, nome: "Ana", cor: "Rojo", last_step: "nota", save_number: 3 })).toBe("saved");
    expect(await save(db, "partial_poll", { id, nome: "Bea", cor: "Rojo", last_step: "nota", save_number: 4 })).toBe("saved");
    expect(await rowOf(db, "partial_poll", id)).toMatchObject({ nome: "Bea", cor: "Rojo", save_number: 4 });
    expect(await save(db, "partial_poll", { id, nome: "Cris", last_step: "cor" })).toBe("saved");
    expect(await rowOf(db, "partial_poll", id)).toMatchObject({ nome: "Cris", cor: null, last_step: "cor", save_number: 4 });
    expect(await resume(db, "partial_poll", id, SECRET)).toMatchObject({ nome: "Cris", save_number: 4 });
    expect(await save(db, "partial_poll", { id: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0007", nome: "Cris", save_number: -1 })).toBe("23514");
  });

  test("negative, NaN-like, huge and unknown times per question are clamped or dropped", async () => {
    const id = "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0005";
    expect(await save(db, "partial_poll", { id, question_ms: { nome: -5, cor: 1e12, nota: "NaN", otra: 10 } })).toBe("saved");
    expect((await rowOf(db, "partial_poll", id))!.question_ms).toEqual({ nome: 0, cor: MAX_QUESTION_MS });
  });

  test("the campaign's limit counts finished rows only", async () => {
    const ids = ["6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0011", "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0012"];
    for (const id of ids) expect(await save(db, "full_poll", { id, nome: "Ana" })).toBe("saved");
    expect(await save(db, "full_poll", { id: ids[0], nome: "Ana", cor: "Rojo", finished: true })).toBe("saved");
    expect(await save(db, "full_poll", { id: ids[1], nome: "Ana", cor: "Rojo", finished: true })).toBe(CAMPAIGN_ERROR_CODES.full);
    // Deleting an unfinished row (the retention purge) gives back no place; deleting the finished one does.
    await db.query("delete from public.full_poll where id = $1", [ids[1]]);
    expect(await save(db, "full_poll", { id: ids[1], nome: "Ana" })).toBe("saved");
    expect(await save(db, "full_poll", { id: ids[1], nome: "Ana", cor: "Rojo", finished: true })).toBe(CAMPAIGN_ERROR_CODES.full);
    await db.query("delete from public.full_poll where id = $1", [ids[0]]);
    expect(await save(db, "full_poll", { id: ids[1], nome: "Ana", cor: "Rojo", finished: true })).toBe("saved");
  });

  test("the report's median time per question is percentile_cont over the rows, finished and unfinished apart", async () => {
    const times = [100, 250, 400, 1000];
    for (const [i, ms] of times.entries()) {
      expect(await save(db, "partial_poll", { id: `6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f01${i}0`, nome: "Eva", question_ms: { nota: ms } }, SECRET)).toBe("saved");
    }
    const [oracle] = await db.query<{ median: number }>(
      "select percentile_cont(0.5) within group (order by (question_ms->>'nota')::numeric) as median from public.partial_poll where not finished and question_ms ? 'nota'",
    );
    const [numbers] = await db.query<{ n: { finished: number; unfinished: number; medianMs: Record<"finished" | "unfinished", Record<string, number>> } }>(
      "select report.partial_numbers('partial_poll') as n",
    );
    expect(numbers!.n.medianMs.unfinished.nota).toBe(Number(oracle!.median));
    expect(numbers!.n.medianMs.unfinished.nota).toBe(325);
    expect(numbers!.n.medianMs.finished).toEqual({ nome: 1200, cor: 800, nota: 50 });
    expect(numbers!.n).toMatchObject({ finished: 1, unfinished: 7 });
    const [filtered] = await db.query<{ n: { finished: number; unfinished: number } }>(`select report.partial_numbers('partial_poll', '{"finished": "false"}') as n`);
    expect(filtered!.n).toMatchObject({ finished: 0, unfinished: 7 });
    expect(await codeOf(db.asRole("anon", "select report.partial_numbers('partial_poll')"))).toBe("42501");
  });

  test("the report's partial numbers respect --since: equal to a plain SQL recount of the rows since then", async () => {
    const since = "2026-01-01T00:00:00Z";
    // Two unfinished rows and the finished one received before `since`.
    await db.query(`update public.partial_poll set created_at = '2025-12-01T00:00:00Z'
      where id in (select id from public.partial_poll where not finished order by id limit 2) or finished`);
    const recount = async (where: string) => {
      const [row] = await db.query<{ finished: number; unfinished: number; median: number | null }>(`select count(*) filter (where finished)::int as finished, count(*) filter (where not finished)::int as unfinished,
        percentile_cont(0.5) within group (order by (question_ms->>'nota')::numeric) filter (where not finished and question_ms ? 'nota') as median from public.partial_poll where ${where}`);
      return row!;
    };
    const oracle = await recount(`created_at >= '${since}'`);
    const all = await recount("true");
    expect(oracle.unfinished + oracle.finished).toBeLessThan(all.unfinished + all.finished);
    const [numbers] = await db.query<{ n: { finished: number; unfinished: number; medianMs: Record<"finished" | "unfinished", Record<string, number>> } }>(
      `select report.partial_numbers('partial_poll', '{}', '${since}') as n`,
    );
    expect({ finished: numbers!.n.finished, unfinished: numbers!.n.unfinished }).toEqual({ finished: oracle.finished, unfinished: oracle.unfinished });
    expect(numbers!.n.medianMs.unfinished.nota).toBe(Number(oracle.median));
    expect(numbers!.n.medianMs.finished).toEqual({});
    const [unfiltered] = await db.query<{ n: { finished: number; unfinished: number } }>("select report.partial_numbers('partial_poll') as n");
    expect(unfiltered!.n).toMatchObject({ finished: all.finished, unfinished: all.unfinished });
  });

  test("a survey without the setting has no partial columns and no functions; the anon role inserts as before", async () => {
    const columns = await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'plain_poll'");
    expect(columns.map((column) => column.column_name)).not.toContain("finished");
    const functions = await db.query("select from pg_proc where proname like 'plain_poll%'");
    expect(functions).toHaveLength(0);
    expect(await codeOf(db.asRole("anon", `insert into public.plain_poll (id, nome, cor, definition_version) values (gen_random_uuid(), 'Ana', 'Rojo', '${versionOf("plain_poll")}')`))).toBe("ok");
  });
});

describe.each(BACKENDS)("turning partial responses on and off for a live survey on %s", (_, open) => {
  let db: SqlBackend;
  let state: DbState;
  const live = survey("live_poll", {});
  /** What npm run codegen writes for `config` after the migrations so far, applied. */
  async function migrateTo(config: ReturnType<typeof survey>): Promise<string> {
    const { migrations } = planMigrations([{ file: `surveys/${config.id}.json`, config }], state);
    for (const migration of migrations) {
      await db.migrate(migration.content);
      applyMigration(state, migration.name, migration.content);
    }
    return migrations.map((migration) => migration.content).join("\n");
  }

  beforeAll(async () => {
    db = await open();
    state = emptyDbState();
    await migrateTo(live);
  }, 300_000);
  afterAll(() => db?.close());

  test("on: old rows count as finished, the anon key saves through the function only; off: the insert is back, the functions gone", async () => {
    await db.asRole("anon", `insert into public.live_poll (id, nome, cor, definition_version) values ('6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0201', 'Old', 'Rojo', '${versionOf("live_poll")}')`);
    const on = await migrateTo(survey("live_poll", { partialResponses: true }));
    expect(on).not.toMatch(/create table if not exists public\.live_poll/);
    expect(await rowOf(db, "live_poll", "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0201")).toMatchObject({ nome: "Old", finished: true });
    expect(await save(db, "live_poll", { id: "6f1c0d52-8d9e-4a8e-9c41-0a0b5f1f0202", nome: "Nueva" })).toBe("saved");
    expect(await codeOf(db.asRole("anon", `insert into public.live_poll (id, nome, cor, definition_version) values (gen_random_uuid(), 'x', 'Rojo', '${versionOf("live_poll")}')`))).toBe("42501");

    await migrateTo(live);
    expect(await codeOf(db.asRole("anon", `insert into public.live_poll (id, nome, cor, definition_version) values (gen_random_uuid(), 'x', 'Rojo', '${versionOf("live_poll")}')`))).toBe("ok");
    expect(await db.query("select from pg_proc where proname like 'live_poll%'")).toHaveLength(0);
  });
});
