/**
 * The A/B arms' assignment in the database (scripts/sql/arms-sql.ts), on
 * PGlite and on PostgreSQL 15, where the starts come from several sessions
 * at once and meet on the survey's counter row: after 10,000 starts the arms
 * differ by at most one, each block of starts is in its own random order, a
 * change of the arms balances from then on (no catch-up run of the new arm),
 * and the stored arm is checked by the table.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { armFunctionName } from "../../src/core/arms.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const fixture = loadSurveys(join(import.meta.dirname, "../fixtures/surveys/arms")).surveys[0]!.config;
const TABLE = fixture.table;
const ASSIGN = `select public.${armFunctionName(TABLE)}() as arm`;
const STARTS = 10_000;
const SESSIONS = 8;

async function migrate(db: SqlBackend, config: SurveyConfig, state: DbState): Promise<string[]> {
  const { migrations } = planMigrations([{ file: "surveys/arms-poll.json", config }], state);
  for (const migration of migrations) {
    await db.migrate(migration.content);
    applyMigration(state, migration.name, migration.content);
  }
  return migrations.map((migration) => migration.name);
}

/** `total` starts as the public key: on PostgreSQL from SESSIONS sessions at once, on PGlite one after another (in the order returned). */
async function start(db: SqlBackend, total: number): Promise<string[]> {
  if (!db.url) {
    const arms: string[] = [];
    for (let i = 0; i < total; i++) arms.push((await db.query<{ arm: string }>(ASSIGN))[0]!.arm);
    return arms;
  }
  const clients = Array.from({ length: SESSIONS }, () => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const perSession = await Promise.all(
      clients.map(async (client) => {
        await client.query("set role anon");
        const arms: string[] = [];
        for (let i = 0; i < total / SESSIONS; i++) arms.push((await client.query<{ arm: string }>(ASSIGN)).rows[0]!.arm);
        return arms;
      }),
    );
    return perSession.flat();
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

const sizes = (arms: string[]) => arms.reduce<Record<string, number>>((counts, arm) => ({ ...counts, [arm]: (counts[arm] ?? 0) + 1 }), {});
const spread = (counts: Record<string, number>) => Math.max(...Object.values(counts)) - Math.min(...Object.values(counts));

describe.each(BACKENDS)("arms on %s", (_, open) => {
  let db: SqlBackend;
  const state = emptyDbState();
  beforeAll(async () => {
    db = await open();
    await migrate(db, fixture, state);
  }, 300_000);
  afterAll(() => db?.close());

  test("10,000 starts, several sessions at once on PostgreSQL: arm sizes differ by at most 1", async () => {
    const arms = await start(db, STARTS);
    const counts = sizes(arms);
    expect(Object.keys(counts).sort()).toEqual(["a", "b"]);
    expect(spread(counts)).toBeLessThanOrEqual(1);
    const [row] = await db.query<{ starts: string }>("select starts::text from survey_private.arm_starts where survey_table = $1", [TABLE]);
    expect(Number(row!.starts)).toBe(STARTS);
  }, 240_000);

  test("one start after another: never more than one apart at any moment, and each pair of starts in its own random order", async () => {
    const arms = await start({ ...db, url: null }, 400);
    const counts: Record<string, number> = { a: 0, b: 0 };
    for (const arm of arms) {
      counts[arm]! += 1;
      expect(spread(counts)).toBeLessThanOrEqual(1);
    }
    // 200 blocks of two: "a" opens some and "b" others (all 200 the same by chance: 2 × 2^-200).
    const openers = new Set(Array.from({ length: 200 }, (_, block) => arms[block * 2]));
    expect(openers).toEqual(new Set(["a", "b"]));
  }, 60_000);

  test("the public key may start but never read the counts", async () => {
    await expect(db.asRole("anon", ASSIGN)).resolves.toBeUndefined();
    await expect(db.asRole("anon", "select * from survey_private.arm_starts")).rejects.toMatchObject({ code: "42501" });
  });

  test("a stored arm is one of the survey's, with who chose it; the arm's own question is stored only in its arm", async () => {
    const insert = (row: Record<string, string | null>) => {
      const columns = ["id", "definition_version", "nombre", "red", "horas", ...Object.keys(row)];
      const values = [randomUUID(), definitionVersion(fixture), "Ana", "TikTok", "1 a 3", ...Object.values(row)];
      return db.asRole("anon", `insert into public.${TABLE} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`, values);
    };
    await expect(insert({ arm: "a", arm_source: "database" })).resolves.toBeUndefined();
    await expect(insert({ arm: "b", arm_source: "page", motivo: "Videos cortos" })).resolves.toBeUndefined();
    await expect(insert({ arm: null, arm_source: null })).resolves.toBeUndefined();
    const refusals: Record<string, string | null>[] = [{ arm: "c", arm_source: "database" }, { arm: "a", arm_source: null }, { arm: "a", arm_source: "guess" }, { arm: "a", arm_source: "database", motivo: "Sin pregunta" }, { arm: "b", arm_source: "database" }];
    for (const refused of refusals) {
      await expect(insert(refused), JSON.stringify(refused)).rejects.toMatchObject({ code: "23514" });
    }
  });

  test("the results site counts a question by arm for a member (results_crosstab against ~arm); a stranger is refused", async () => {
    await db.query("insert into public.team_members (email, role) values ('dona@example.org', 'owner') on conflict do nothing");
    const crosstabAs = async (email: string) =>
      (await db.query<{ counts: { cells: unknown[]; columnBases: unknown } }>("select public.results_crosstab('arms-poll', 'red', '~arm') as counts from (select set_config('request.jwt.claims', $1, true)) claims", [JSON.stringify({ email, role: "authenticated" })]))[0]!.counts;
    const counts = await crosstabAs("dona@example.org");
    expect(counts.cells).toEqual(expect.arrayContaining([["TikTok", "a", 1], ["TikTok", "b", 1]]));
    expect(counts.columnBases).toEqual({ a: 1, b: 1 });
    await expect(crosstabAs("stranger@example.org")).rejects.toMatchObject({ code: "42501" });
  });

  test("an arm added to a live survey is balanced from then on, with no run of the new arm to catch up", async () => {
    const withC = { ...fixture, arms: [...fixture.arms!, { id: "c" }] } as SurveyConfig;
    expect(await migrate(db, withC, state)).toEqual([expect.stringMatching(/_update_arms_poll_responses\.sql$/), expect.stringMatching(/_arms_arms_poll_responses\.sql$/), expect.stringMatching(/_version_arms_poll_responses\.sql$/)]);
    const arms = await start({ ...db, url: null }, 30);
    expect(sizes(arms)).toEqual({ a: 10, b: 10, c: 10 });
    for (let block = 0; block < 10; block++) expect(new Set(arms.slice(block * 3, block * 3 + 3)).size).toBe(3);
  });

  test("arms removed from the file: the function and the counts go, the arm column stays and keeps its rows", async () => {
    const { arms: _, ...plain } = { ...fixture, questions: fixture.questions.filter((question) => question.id !== "motivo") };
    await migrate(db, plain as SurveyConfig, state);
    await expect(db.query(ASSIGN)).rejects.toMatchObject({ code: "42883" });
    expect(await db.query("select * from survey_private.arm_starts where survey_table = $1", [TABLE])).toEqual([]);
    expect((await db.query<{ n: number }>(`select count(arm)::int as n from public.${TABLE}`))[0]!.n).toBe(2);
  });
});
