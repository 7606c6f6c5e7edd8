/**
 * Quotas in the database (scripts/sql/quota-sql.ts), on PGlite and on
 * PostgreSQL 15, where the concurrent submits each run in a session of
 * their own and meet inside the database: never more stored than a quota
 * takes, the responses stored before a quota existed counted, places given
 * back by deletes, imports counted but never refused, and the full quotas
 * whose option the page hides named to the public key.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fullQuotasFunctionName, QUOTA_ERROR_CODE } from "../../src/core/quotas.ts";
import type { Quota, SurveyConfig } from "../../src/generated/survey-config.ts";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { pgliteBackend, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { onTestedDatabases } from "../support/databases.ts";

const CARDIO_UNDER_30: Quota = {
  id: "cardio-under-30",
  when: { all: [{ question: "idade", lessThan: 30 }, { question: "especializacao", equals: "Cardiología" }] },
  max: 50,
  screenOut: { heading: "¡Gracias!", text: "Ya tenemos todas las respuestas de tu grupo." },
};
const COLOMBIA: Quota = { id: "colombia", when: { question: "pais", equals: "Colombia" }, max: 3, hideOption: true, screenOut: { heading: "¡Gracias!", text: "Ya tenemos todas las respuestas de Colombia." } };

const survey = (table: string, quotas?: Quota[]): SurveyConfig =>
  ({
    $schema: "./survey.schema.json",
    schemaVersion: 2,
    id: table.replaceAll("_", "-"),
    route: `/${table.replaceAll("_", "-")}`,
    table,
    language: "es",
    pageTitle: "Cuotas",
    professionalName: "nuestro equipo",
    questions: [
      { id: "idade", type: "number", title: "¿Edad?", emoji: "🎂", required: true },
      { id: "especializacao", type: "select", title: "¿Especialidad?", emoji: "🩺", required: true, options: ["Cardiología", "Pediatría"] },
      { id: "pais", type: "radio", title: "¿País?", emoji: "🌎", required: true, options: ["Colombia", "Perú"] },
    ],
    ...(quotas ? { quotas } : {}),
  }) as SurveyConfig;

const BACKENDS = onTestedDatabases([
  ["PGlite", pgliteBackend],
  ["PostgreSQL 15", () => postgresBackend({ maxConnections: 120 })],
] as const);

/** 500 submits in 100 sessions of 5 on PostgreSQL, all at once; queued on PGlite's one session. */
const SESSIONS = 100;
const SUBMITS = 500;

type Answers = { idade: string; especializacao: string; pais: string };
/** Each table's first definition version, which stays accepted while its quotas change. */
const stamp = versionedRows([survey("quota_poll", [CARDIO_UNDER_30, COLOMBIA]), survey("late_quota_poll")]);
const INSERT = (table: string) => `insert into public.${table} (id, idade, especializacao, pais, definition_version) values ($1, $2, $3, $4, '${stamp(table, {}).definition_version}')`;
const params = (answers: Answers) => [randomUUID(), answers.idade, answers.especializacao, answers.pais];
const outcome = (attempt: Promise<unknown>) => attempt.then(() => "stored", (error: { code?: string; detail?: string }) => `${error.code}:${error.detail ?? ""}`);
const submit = (db: SqlBackend, table: string, answers: Answers) => outcome(db.asRole("anon", INSERT(table), params(answers)));
const count = async (db: SqlBackend, sql: string) => Number((await db.query<{ n: number }>(sql))[0]!.n);
const filled = async (db: SqlBackend, table: string, quota: string) =>
  Number((await db.query<{ n: number }>("select responses as n from survey_private.quotas where survey_table = $1 and quota_id = $2", [table, quota]))[0]!.n);

/** `total` anonymous submits at once: on PostgreSQL from SESSIONS sessions, each opening its transaction before it inserts. */
async function submitTogether(db: SqlBackend, table: string, answers: Answers, total: number): Promise<string[]> {
  if (!db.url) return Promise.all(Array.from({ length: total }, () => submit(db, table, answers)));
  const clients = Array.from({ length: SESSIONS }, () => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const turn = (client: pg.Client) =>
      outcome(
        client.query("begin; set local role anon;").then(() =>
          client.query(INSERT(table), params(answers)).then(
            () => client.query("commit"),
            async (error) => {
              await client.query("rollback");
              throw error;
            },
          ),
        ),
      );
    const perSession = await Promise.all(
      clients.map(async (client) => {
        const outcomes: string[] = [];
        for (let i = 0; i < total / SESSIONS; i++) outcomes.push(await turn(client));
        return outcomes;
      }),
    );
    return perSession.flat();
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Plans and applies the migrations the surveys need after `state`, folding them into it. */
async function migrate(db: SqlBackend, surveys: SurveyConfig[], state: DbState): Promise<string[]> {
  const { migrations } = planMigrations(surveys.map((config) => ({ file: `surveys/${config.id}.json`, config })), state);
  for (const migration of migrations) {
    await db.migrate(migration.content);
    applyMigration(state, migration.name, migration.content);
  }
  return migrations.map((migration) => migration.name);
}

describe.each(BACKENDS)("quotas on %s", (_, open) => {
  let db: SqlBackend;
  const state = emptyDbState();
  const CARDIO = { idade: "25", especializacao: "Cardiología", pais: "Perú" };
  beforeAll(async () => {
    db = await open();
    await migrate(db, [survey("quota_poll", [CARDIO_UNDER_30, COLOMBIA]), survey("late_quota_poll")], state);
  }, 300_000);
  afterAll(() => db?.close());

  test("500 concurrent submits against a quota of 50 store exactly 50; the others are refused naming the quota", async () => {
    const outcomes = await submitTogether(db, "quota_poll", CARDIO, SUBMITS);
    expect(outcomes.filter((each) => each === "stored")).toHaveLength(50);
    expect(outcomes.filter((each) => each === `${QUOTA_ERROR_CODE}:cardio-under-30`)).toHaveLength(450);
    expect(await count(db, "select count(*)::int as n from public.quota_poll where especializacao = 'Cardiología' and idade::numeric < 30")).toBe(50);
    expect(await filled(db, "quota_poll", "cardio-under-30")).toBe(50);
  }, 240_000);

  test("a full quota refuses only the answers it counts: older cardiologists and paediatricians are still stored", async () => {
    expect(await submit(db, "quota_poll", { ...CARDIO, idade: "30" })).toBe("stored");
    expect(await submit(db, "quota_poll", { ...CARDIO, especializacao: "Pediatría" })).toBe("stored");
    expect(await submit(db, "quota_poll", CARDIO)).toBe(`${QUOTA_ERROR_CODE}:cardio-under-30`);
  });

  test("deleting a counted response gives its place back; an import by the service role is counted but never refused", async () => {
    await db.query("delete from public.quota_poll where id = (select id from public.quota_poll where especializacao = 'Cardiología' and idade = '25' limit 1)");
    expect(await filled(db, "quota_poll", "cardio-under-30")).toBe(49);
    expect(await submit(db, "quota_poll", CARDIO)).toBe("stored");
    await db.query(INSERT("quota_poll"), params(CARDIO));
    expect(await filled(db, "quota_poll", "cardio-under-30")).toBe(51);
  });

  test("the public key learns which full quotas hide their option, and nothing before they are full", async () => {
    const full = async () => (await db.query<{ ids: string[] }>(`select public.${fullQuotasFunctionName("quota_poll")}() as ids`))[0]!.ids;
    expect(await full()).toEqual([]);
    for (let i = 0; i < 3; i++) expect(await submit(db, "quota_poll", { idade: "40", especializacao: "Pediatría", pais: "Colombia" })).toBe("stored");
    expect(await full()).toEqual(["colombia"]);
    expect(await submit(db, "quota_poll", { idade: "40", especializacao: "Pediatría", pais: "Colombia" })).toBe(`${QUOTA_ERROR_CODE}:colombia`);
    await expect(db.asRole("anon", "select * from survey_private.quotas")).rejects.toMatchObject({ code: "42501" });
  });

  test("a quota added to a live survey counts the responses stored before it", async () => {
    for (let i = 0; i < 30; i++) expect(await submit(db, "late_quota_poll", CARDIO)).toBe("stored");
    for (let i = 0; i < 5; i++) expect(await submit(db, "late_quota_poll", { ...CARDIO, idade: "45" })).toBe("stored");
    const added = await migrate(db, [survey("quota_poll", [CARDIO_UNDER_30, COLOMBIA]), survey("late_quota_poll", [{ ...CARDIO_UNDER_30, max: 40 }])], state);
    expect(added).toEqual([expect.stringMatching(/_quotas_late_quota_poll\.sql$/), expect.stringMatching(/_version_late_quota_poll\.sql$/)]);
    expect(await filled(db, "late_quota_poll", "cardio-under-30")).toBe(30);
    const outcomes = await submitTogether(db, "late_quota_poll", CARDIO, 20);
    expect(outcomes.filter((each) => each === "stored")).toHaveLength(10);
    expect(await count(db, "select count(*)::int as n from public.late_quota_poll where idade = '25'")).toBe(40);
  }, 120_000);

  test("the results site reads each quota's fill; a viewer sees a fill below the minimum group only as below it; a stranger is refused", async () => {
    await db.query("insert into public.team_members (email, role) values ('dona@example.org', 'owner'), ('vera@example.org', 'viewer') on conflict do nothing");
    const fillAs = async (email: string, survey: string) =>
      (await db.query<{ fill: unknown }>("select public.results_quotas($2) as fill from (select set_config('request.jwt.claims', $1, true)) claims", [JSON.stringify({ email, role: "authenticated" }), survey]))[0]!.fill;
    expect(await fillAs("dona@example.org", "quota-poll")).toEqual([{ id: "cardio-under-30", max: 50, responses: 51 }, { id: "colombia", max: 3, responses: 3 }]);
    expect(await fillAs("vera@example.org", "quota-poll")).toEqual([{ id: "cardio-under-30", max: 50, responses: 51 }, { id: "colombia", max: 3, responses: null }]);
    expect(await fillAs("dona@example.org", "late-quota-poll")).toEqual([{ id: "cardio-under-30", max: 40, responses: 40 }]);
    await expect(fillAs("stranger@example.org", "quota-poll")).rejects.toMatchObject({ code: "42501" });
  });

  test("quotas removed from a survey file stop refusing, and their rows go", async () => {
    const removed = await migrate(db, [survey("quota_poll"), survey("late_quota_poll", [{ ...CARDIO_UNDER_30, max: 40 }])], state);
    expect(removed).toEqual([expect.stringMatching(/_quotas_quota_poll\.sql$/), expect.stringMatching(/_version_quota_poll\.sql$/)]);
    expect(await submit(db, "quota_poll", CARDIO)).toBe("stored");
    expect(await count(db, "select count(*)::int as n from survey_private.quotas where survey_table = 'quota_poll'")).toBe(0);
    expect(await submit(db, "late_quota_poll", CARDIO)).toBe(`${QUOTA_ERROR_CODE}:cardio-under-30`);
  });
});

