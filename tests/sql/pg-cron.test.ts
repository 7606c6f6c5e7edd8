/**
 * The retention purge under the real pg_cron (Debian's postgresql-15-cron,
 * the extension Supabase ships), on PostgreSQL 15 with Supabase's roles and
 * the migrations applied by the official Supabase CLI as a team applies
 * them: the migrations schedule the hourly purge and the fold of the
 * tallies' inbox every minute (each once, however often they run), the
 * outbox's job waits for pg_net (absent here), and pg_cron's scheduler
 * itself runs the purge and the fold as the jobs' owner, to success.
 */
import { readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { ROLES_SQL } from "../../scripts/data-api/roles.ts";
import { PURGE_FUNCTION, PURGE_JOB, purgeSql } from "../../scripts/sql/purge-sql.ts";
import { FOLD_JOB } from "../../scripts/sql/tally-inbox-sql.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import { consentVersions } from "../../scripts/sql/consent-versions.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { migrationsFor } from "../e2e/support/stack.ts";
import { dbPush } from "../support/supabase-cli.ts";

const DIR = "tests/fixtures/surveys/privacy";

let server: PostgresServer;
let project: string;
let sql: pg.Client;

const jobs = async () =>
  (await sql.query<{ jobname: string; schedule: string; command: string; username: string }>("select jobname, schedule, command, username from cron.job order by jobname")).rows;

beforeAll(async () => {
  server = await startPostgresServer({ settings: { shared_preload_libraries: "pg_cron", "cron.database_name": "postgres", "cron.use_background_workers": "on" } });
  sql = new pg.Client({ connectionString: server.url });
  await sql.connect();
  await sql.query(ROLES_SQL);
  await sql.query("create extension pg_cron");
  // A folder holding supabase/migrations/ for the fixture survey (which keeps responses 30 days), as codegen writes it.
  project = await migrationsFor(DIR);
  const push = await dbPush(project, server.url);
  if (push.status !== 0) throw new Error(`supabase db push failed:\n${push.output}`);
}, 300_000);

afterAll(async () => {
  await sql?.end();
  server?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the purge under pg_cron on PostgreSQL 15", { timeout: 180_000 }, () => {
  test("the migrations schedule the hourly purge and the fold, and only them: the outbox's job needs pg_net too", async () => {
    expect(await jobs()).toEqual([
      { jobname: FOLD_JOB.name, schedule: FOLD_JOB.schedule, command: FOLD_JOB.command, username: "postgres" },
      { jobname: PURGE_JOB.name, schedule: PURGE_JOB.schedule, command: `select ${PURGE_FUNCTION}()`, username: "postgres" },
    ]);
  });

  test("the schedule's statement run again (a later migration) keeps one job", async () => {
    const schedule = purgeSql([JSON.parse(readFileSync(`${DIR}/privacy-poll.json`, "utf8")) as SurveyConfig])[1]!;
    await sql.query(schedule);
    await sql.query(schedule);
    expect((await jobs()).map((job) => job.jobname)).toEqual([FOLD_JOB.name, PURGE_JOB.name]);
  });

  test("pg_cron's scheduler runs the purge and the fold to success", async () => {
    // A response for the fold to count: the report's numbers read it from the inbox until then.
    const file = `${DIR}/privacy-poll.json`;
    const config = JSON.parse(readFileSync(file, "utf8")) as SurveyConfig;
    const row = { ...validRow(config), language: config.language, consent_version: consentVersions({ file, config })[0] };
    const columns = Object.keys(row).map((column) => `"${column}"`).join(", ");
    await sql.query(`insert into public.privacy_poll_responses (${columns}) select ${columns} from jsonb_populate_record(null::public.privacy_poll_responses, $1::jsonb)`, [JSON.stringify(row)]);
    // The purge every minute instead of at :17, so the scheduler's next run comes within the test (Debian's
    // pg_cron 1.4 has no schedules in seconds). Only runs that started after the row was stored count: the
    // fold's every-minute job may have run during the setup.
    const { since } = (await sql.query<{ since: Date }>("select clock_timestamp() as since")).rows[0]!;
    await sql.query("select cron.alter_job(jobid, schedule => '* * * * *') from cron.job where jobname = $1", [PURGE_JOB.name]);
    const finished = async (job: string) =>
      (await sql.query("select status, return_message from cron.job_run_details d join cron.job j using (jobid) where j.jobname = $1 and d.start_time > $2 and d.status in ('succeeded', 'failed') order by d.start_time", [job, since])).rows;
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && ((await finished(PURGE_JOB.name)).length === 0 || (await finished(FOLD_JOB.name)).length === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await finished(PURGE_JOB.name))[0], "a finished run of the purge job").toMatchObject({ status: "succeeded" });
    expect((await finished(FOLD_JOB.name))[0], "a finished run of the fold job").toMatchObject({ status: "succeeded" });
    expect((await sql.query("select count(*)::int as n from report.response_inbox")).rows[0]).toEqual({ n: 0 });
    expect((await sql.query("select n::int from report.tallies where survey_table = 'privacy_poll_responses' and key = '~responses'")).rows).toEqual([{ n: 1 }]);
  });
});
