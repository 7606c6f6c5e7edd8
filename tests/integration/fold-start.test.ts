/**
 * The local data API started on PostgreSQL 15 with a backlog in the tallies'
 * inbox (a burst while the fold was stopped): it serves as soon as PostgREST
 * is up, whatever the fold is doing. Here the fold is held on purpose (another
 * connection keeps report.tallies locked), so that "before the fold ends" is
 * a fact and not a race: the API answers a respondent and the report's
 * numbers (which add what the inbox holds) while the fold waits holding one
 * batch and no more; let go, the fold drains the inbox batch after batch and
 * the tallies equal a recount.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { FOLD_BATCH } from "../../scripts/sql/tally-inbox-sql.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { rest, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";
import { tempDir } from "../support/data-api-table.ts";
import { validRow } from "../support/survey-rows.ts";

const DIR = "tests/fixtures/surveys/valid";
const config = resolveSurvey(JSON.parse(readFileSync(`${DIR}/newsletter-form.json`, "utf8")) as SurveyConfig);
/** Three full batches and one row more. */
const BACKLOG = 3 * FOLD_BATCH + 1;

/** A data API started on the database at `url` (its migrations already applied), as `npm start` is started again. */
async function startOn(url: string): Promise<DataApi> {
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await startDataApi({ port: 0, dataDir: null, quiet: true, migrationsDir: await tempDir() });
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
}

describe("the local data API started on PostgreSQL with a backlog in the tallies' inbox", { timeout: 300_000 }, () => {
  let stack: FixtureApi;
  let observer: pg.Client;
  let holder: pg.Client;

  beforeAll(async () => {
    stack = await startFixtureApi(DIR, "PostgreSQL");
    // Stopped, jobs and all: the backlog waits for the next start, as after a burst with the fold stopped.
    await stack.api.stop();
    [observer, holder] = [new pg.Client({ connectionString: stack.databaseUrl! }), new pg.Client({ connectionString: stack.databaseUrl! })];
    await Promise.all([observer.connect(), holder.connect()]);
    await observer.query(
      `insert into public.${config.table} select (jsonb_populate_record(null::public.${config.table}, $1::jsonb || jsonb_build_object('id', gen_random_uuid(), 'created_at', now()))).* from generate_series(1, $2)`,
      [JSON.stringify(validRow(config)), BACKLOG],
    );
  }, 300_000);
  afterAll(async () => {
    await Promise.all([observer?.end(), holder?.end()]);
    await stack?.stop();
  });

  const value = async (sql: string) => Number(Object.values((await observer.query(sql)).rows[0])[0]);
  /** Resolves when `check` holds, asking again after each answer. */
  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
  }

  test("it answers before the fold ends, the fold holds one batch at a time, then drains the inbox", async () => {
    await holder.query("begin");
    await holder.query("lock table report.tallies in share mode");
    const api = await startOn(stack.databaseUrl!);
    try {
      const row = validRow(config);
      expect((await rest(api, "POST", config.table, row)).status).toBe(201);
      const data = { url: api.url, serviceKey: api.serviceRoleKey };
      const request = numbersRequest(config, { where: {} }, "UTC");
      expect((await readNumbers(data, request)).responses.responses).toBe(BACKLOG + 1);
      // The fold is under way meanwhile, waiting with its first batch taken out (uncommitted): the other rows are free.
      await until(async () => (await value("select count(*) from pg_stat_activity where query like '%fold_inbox%' and wait_event_type = 'Lock'")) > 0);
      const free = await value("select count(*) from (select from report.response_inbox for update skip locked) r");
      expect((await value("select count(*) from report.response_inbox")) - free).toBe(FOLD_BATCH);
      await holder.query("rollback");
      await until(async () => (await value("select count(*) from report.response_inbox")) === 0);
      const { path: tallied, ...fromTallies } = await readNumbers(data, request);
      const { path: scanned, ...recounted } = await readNumbers(data, { ...request, path: "scan" });
      expect([tallied, scanned]).toEqual(["tallies", "scan: asked for"]);
      expect(fromTallies).toEqual(recounted);
      expect(fromTallies.responses.responses).toBe(BACKLOG + 1);
    } finally {
      await holder.query("rollback");
      await api.stop();
    }
  });
});
