/**
 * The purge at the retention's very instant, on PGlite and on PostgreSQL 15:
 * a row is kept for its whole retention, so at exactly `responsesDays`
 * (`visitEventsDays`) after it was stored it is still there, and one
 * microsecond later it is gone (survey_private.purge deletes the rows
 * strictly older than the clock minus the retention).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { PURGE_CLOCK_SETTING, PURGE_FUNCTION } from "../../scripts/sql/purge-sql.ts";
import { validRow } from "../support/survey-rows.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const SURVEY = tinySurvey({
  id: "kept-instant",
  table: "kept_instant",
  questions: [{ id: "nome", type: "text", title: "¿Nombre?", emoji: "💬", required: true }],
  retention: { responsesDays: 30, visitEventsDays: 7 },
});
/** Stored at an instant with microseconds, as the server's clock writes them. */
const STORED = "2026-03-10T10:00:00.123456Z";

describe.each(BACKENDS)("the purge at the retention's instant on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations([{ file: "surveys/kept-instant.json", config: SURVEY }], emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
    const row = { ...validRow(SURVEY), created_at: STORED };
    await db.query(`insert into public.${SURVEY.table} select * from jsonb_populate_record(null::public.${SURVEY.table}, $1::jsonb)`, [JSON.stringify(row)]);
    await db.query("insert into public.visit_events (visit_id, survey_id, step, question_id, hidden, created_at) values (gen_random_uuid(), $1, 'opened', null, '{}', $2)", [SURVEY.id, STORED]);
  }, 300_000);
  afterAll(() => db?.close());

  /** The purge with its clock at `keep` after the rows were stored, plus `extra`; resolves with what each rule deleted. */
  async function purgeAt(keep: string, extra = "0"): Promise<Record<string, number>> {
    await db.query("select set_config($1, ($2::timestamptz + $3::interval + $4::interval)::text, false)", [PURGE_CLOCK_SETTING, STORED, keep, extra]);
    const rows = await db.query<{ rule: string; deleted: string }>(`select * from ${PURGE_FUNCTION}()`);
    return Object.fromEntries(rows.map(({ rule, deleted }) => [rule, Number(deleted)]));
  }
  const count = async (table: string) => Number((await db.query<{ n: string }>(`select count(*) as n from public.${table}`))[0]!.n);
  const rules = (responses: number, events: number) => ({ [`retention:responses:${SURVEY.table}`]: responses, [`retention:visit_events:${SURVEY.id}`]: events });

  test("exactly the visit events' 7 days after: the event stays; a microsecond later it goes", async () => {
    expect(await purgeAt("7 days")).toEqual(rules(0, 0));
    expect(await count("visit_events")).toBe(1);
    expect(await purgeAt("7 days", "1 microsecond")).toEqual(rules(0, 1));
    expect(await count("visit_events")).toBe(0);
  });

  test("exactly the responses' 30 days after: the response stays; a microsecond later it goes", async () => {
    expect(await purgeAt("30 days")).toEqual(rules(0, 0));
    expect(await count(SURVEY.table)).toBe(1);
    expect(await purgeAt("30 days", "1 microsecond")).toEqual(rules(1, 0));
    expect(await count(SURVEY.table)).toBe(0);
  });
});
