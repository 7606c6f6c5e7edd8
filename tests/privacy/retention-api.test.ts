/**
 * Retention, as the database itself enforces it (scripts/sql/purge-sql.ts),
 * through PostgREST on PGlite and on PostgreSQL 15: with the purge's clock
 * moved forward past the visit events' retention, then past the responses',
 * the purge leaves no expired row, keeps the rest, and the report's numbers
 * (from the tallies, which subtract what the purge deletes) equal a recount
 * of the rows. The migrations apply without pg_cron here (no `cron` schema);
 * tests/sql/pg-cron.test.ts runs them and the purge under the real pg_cron.
 */
import { servedSurvey } from "../support/versioned-rows.ts";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { numbersRequest, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { PURGE_CLOCK_SETTING, PURGE_FUNCTION } from "../../scripts/sql/purge-sql.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { toRow } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { API_BACKENDS, rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";

const DIR = "tests/fixtures/surveys/privacy";
const survey = servedSurvey(JSON.parse(readFileSync(`${DIR}/privacy-poll.json`, "utf8")) as SurveyConfig);
const DAY = 24 * 60 * 60 * 1000;

describe.each(API_BACKENDS)("the purge on %s", (backend) => {
  let stack: FixtureApi;
  let sql: pg.Client;
  beforeAll(async () => {
    stack = await startFixtureApi(DIR, backend);
    sql = new pg.Client({ connectionString: stack.databaseUrl ?? stack.api.dbUrl });
    await sql.connect();
    // Three visits that end in a response, one that stops at the first question.
    for (const [index, etapa] of ["Estudiando", "Revalidando", "Estudiando", null].entries()) {
      const row = toRow(survey, { ...openingAnswers(survey, "", crypto.randomUUID()), nombre: `Persona ${index}`, etapa: etapa ?? "" }, crypto.randomUUID());
      const event = (step: string, questionId: string | null = null) => ({ visit_id: row.visit_id, survey_id: survey.id, step, question_id: questionId, hidden: {} });
      const events = [event("opened"), event("reached", "nombre"), ...(etapa ? [event("reached", "etapa"), event("submitted")] : [])];
      for (const body of events) expect((await rest(stack.api, "POST", "visit_events", body)).status).toBe(201);
      if (etapa) expect((await rest(stack.api, "POST", survey.table, row)).status).toBe(201);
    }
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
  });

  /** The purge as pg_cron or the local data API runs it, with its clock `days` ahead. */
  async function purgeAt(days: number): Promise<Record<string, number>> {
    await sql.query("begin");
    await sql.query("select set_config($1, $2, true)", [PURGE_CLOCK_SETTING, new Date(Date.now() + days * DAY).toISOString()]);
    const { rows } = await sql.query<{ rule: string; deleted: string }>(`select * from ${PURGE_FUNCTION}()`);
    await sql.query("commit");
    return Object.fromEntries(rows.map(({ rule, deleted }) => [rule, Number(deleted)]));
  }

  const count = async (table: string, where = "true") => Number((await sql.query(`select count(*) from public.${table} where ${where}`)).rows[0].count);

  /** The report's numbers from the tallies equal those of a scan of the rows. */
  async function expectReportEqualsRecount(responses: number, visits: number) {
    const data = { url: stack.api.url, serviceKey: stack.api.serviceRoleKey };
    const request = numbersRequest(survey, { where: {} }, "UTC");
    const { path: tallied, ...fromTallies } = await readNumbers(data, request);
    const { path: scanned, ...recounted } = await readNumbers(data, { ...request, path: "scan" });
    expect([tallied, scanned]).toEqual(["tallies", "scan: asked for"]);
    expect(fromTallies).toEqual(recounted);
    expect(fromTallies.responses.responses).toBe(responses);
    expect((fromTallies as SqlNumbers).visits.visits).toBe(visits);
  }

  test("before the retention ends it deletes nothing", async () => {
    expect(await purgeAt(6)).toEqual({ "retention:responses:privacy_poll_responses": 0, "retention:visit_events:privacy-poll": 0 });
    expect([await count(survey.table), await count("visit_events")]).toEqual([3, 14]);
    await expectReportEqualsRecount(3, 4);
  });

  test("past the visit events' 7 days it deletes every event and keeps the responses", async () => {
    expect(await purgeAt(8)).toEqual({ "retention:responses:privacy_poll_responses": 0, "retention:visit_events:privacy-poll": 14 });
    expect([await count(survey.table), await count("visit_events")]).toEqual([3, 0]);
    await expectReportEqualsRecount(3, 0);
  });

  test("past the responses' 30 days it deletes every response; the report counts none", async () => {
    expect(await purgeAt(31)).toEqual({ "retention:responses:privacy_poll_responses": 3, "retention:visit_events:privacy-poll": 0 });
    expect(await count(survey.table)).toBe(0);
    await expectReportEqualsRecount(0, 0);
  });
});
