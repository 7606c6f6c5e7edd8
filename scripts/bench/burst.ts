/**
 * `npm run bench:burst [-- --responses 2000 --respondents 600 --clients 64]`:
 * a viral post's burst on a real PostgreSQL 15 (a throw-away server on
 * loopback) through the local data API (gateway, PostgREST, the project's
 * migrations). 64 anonymous clients, each from its own address, send the
 * response POSTs alone, then the respondents' whole flow (visit events and
 * the response), with the report's tallies on, off (their triggers
 * disabled) and on again, back to back; then every client behind one
 * address with the rate limit raised. Prints responses/s, p50 and p99 of
 * each, and checks the budgets: with/without ≥ 0.8 for both flows, p99 with
 * ≤ 2× p99 without, no error, and afterwards the report's numbers from the
 * tallies (with what the inbox still holds, then after a fold) equal a scan
 * of the rows and a plain SQL count. Inserts only append to the tallies'
 * inbox; the local data API on PostgreSQL folds it every 10 s during the runs, as pg_cron
 * does every minute on Supabase. Exits 1 when a
 * budget is missed. Loopback only; the server is removed at the end.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { startDataApi } from "../data-api/index.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { VISIT_TALLY_TRIGGERS } from "../sql/report-visit-upkeep-sql.ts";
import { TALLY_TRIGGERS } from "../sql/tallies-sql.ts";
import { FOLD_BACKLOG_PROCEDURE, FOLD_LOCK } from "../sql/tally-inbox-sql.ts";
import { burst, type BurstResult, type Flow } from "./burst-clients.ts";
import { startPostgresServer } from "./postgres-server.ts";
import { cli, wholeNumber } from "../lib/cli.ts";

const values = cli("npm run bench:burst --", "A viral post's burst of responses on a throw-away PostgreSQL 15, with the report's tallies on and off; exits 1 when a budget is missed.", "npm run bench:burst -- --responses 2000 --respondents 600 --clients 64")
  .option("--responses <n>", "responses POSTed alone", wholeNumber, 2000)
  .option("--respondents <n>", "respondents' whole flows (visit events and the response)", wholeNumber, 600)
  .option("--clients <n>", "concurrent clients, each from its own address", wholeNumber, 64)
  .parse()
  .opts<{ responses: number; respondents: number; clients: number }>();
const clients = values.clients;
const totals: Record<Flow, number> = { responses: values.responses, respondents: values.respondents };
const config = JSON.parse(readFileSync("surveys/foreign-form.json", "utf8")) as SurveyConfig;

const server = await startPostgresServer();
process.env.DATABASE_URL = server.url;
const api = await startDataApi({ port: 0, quiet: true });
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();

/** The tallies' triggers on the survey table and on visit_events, on or off; back on, everything is counted again. */
async function tallies(on: boolean) {
  const verb = on ? "enable" : "disable";
  for (const trigger of Object.values(TALLY_TRIGGERS)) await admin.query(`alter table public.${config.table} ${verb} trigger ${trigger}`);
  for (const trigger of Object.values(VISIT_TALLY_TRIGGERS)) await admin.query(`alter table public.${VISIT_EVENTS_TABLE} ${verb} trigger ${trigger}`);
  if (on) await admin.query("select report.refill_all()");
}

const format = (label: string, r: BurstResult) =>
  `${label.padEnd(44)} ${r.rate.toFixed(1).padStart(7)} responses/s  p50 ${r.p50.toFixed(0).padStart(5)} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  errors ${r.errors}/${r.requests}`;

/**
 * Samples pg_stat_activity every 50 ms while `work` runs: the mean number of
 * API connections busy, and of those waiting on a lock (row or transaction
 * locks: what one shared counter row causes).
 */
async function sampled<T>(work: Promise<T>): Promise<[T, string]> {
  const sampler = new pg.Client({ connectionString: server.url });
  await sampler.connect();
  let samples = 0, active = 0, waiting = 0, done = false;
  const sampling = (async () => {
    while (!done) {
      const { rows } = await sampler.query(`select count(*) filter (where state = 'active')::int as active, count(*) filter (where wait_event_type = 'Lock')::int as waiting
        from pg_stat_activity where usename = 'authenticator' and pid <> pg_backend_pid()`);
      samples += 1; active += rows[0].active; waiting += rows[0].waiting;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await work;
  done = true;
  await sampling;
  await sampler.end();
  return [result, `busy ${(active / samples).toFixed(1)}, waiting on locks ${(waiting / samples).toFixed(1)}`];
}

async function measure(label: string, flow: Flow, oneAddress = false): Promise<BurstResult> {
  const [result, connections] = await sampled(burst(api, config, flow, totals[flow], clients, oneAddress));
  console.log(`${format(label, result)}  connections: ${connections}`);
  return result;
}

/** The load besides this bench: the machine is shared. */
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const failures: string[] = [];
try {
  console.log(`bench:burst: ${clients} clients, ${totals.responses} response POSTs and ${totals.respondents} respondents per run, PostgreSQL ${(await admin.query("show server_version")).rows[0].server_version}; load ${load()}`);
  // Warm-up of both flows: PostgREST's pool, its connections' plans, a first fold.
  await burst(api, config, "responses", 200, clients, false);
  await burst(api, config, "respondents", 100, clients, false);
  const ratios: string[] = [];
  for (const flow of ["responses", "respondents"] as Flow[]) {
    const first = await measure(`${flow}, tallies on`, flow);
    await tallies(false);
    const off = await measure(`${flow}, tallies off`, flow);
    await tallies(true);
    const second = await measure(`${flow}, tallies on again`, flow);
    const on = first.rate < second.rate ? first : second;
    const ratio = on.rate / off.rate;
    ratios.push(`${flow}: ratio ${ratio.toFixed(2)} (worse of the two runs with tallies), p99 ${Math.max(first.p99, second.p99).toFixed(0)} ms against ${off.p99.toFixed(0)} ms`);
    if (ratio < 0.8) failures.push(`${flow}: responses/s with the tallies ${ratio.toFixed(2)}× those without (budget ≥ 0.8)`);
    if (Math.max(first.p99, second.p99) > 2 * off.p99) failures.push(`${flow}: p99 with the tallies above 2× that without`);
    for (const result of [first, off, second]) if (result.errors) failures.push(`${flow}: ${result.errors} errors`);
  }
  await admin.query("update survey_private.settings set writes_per_minute = 1000000");
  const shared = await measure("responses, one address, rate limit raised", "responses", true);
  if (shared.errors) failures.push(`one address: ${shared.errors} errors`);
  for (const line of ratios) console.log(line);

  const request = numbersRequest(config, { where: {} }, "UTC");
  const numbers = async (path: string) => (await admin.query("select report.survey_numbers($1) as n", [{ ...request, path }])).rows[0].n;
  const scanned = await numbers("scan");
  const plain = (await admin.query(`select (select count(*) from public.${config.table})::int as responses,
    (select count(distinct visit_id) from public.${VISIT_EVENTS_TABLE} where survey_id = $1)::int as visits`, [config.id])).rows[0];
  /** The report's numbers from the tallies (with what the inbox still holds) against a scan and a plain count. */
  const check = async (when: string) => {
    const tallied = await numbers("tallies");
    console.log(`${when}: responses ${tallied.responses.responses} tallied, ${scanned.responses.responses} scanned, ${plain.responses} counted; visits ${tallied.visits.visits} / ${scanned.visits.visits} / ${plain.visits} (tallies path: ${tallied.path})`);
    if (tallied.path !== "tallies") failures.push(`${when}: the report did not read the tallies: ${tallied.path}`);
    if (JSON.stringify({ ...tallied, path: "" }) !== JSON.stringify({ ...scanned, path: "" })) failures.push(`${when}: the tallies differ from a scan`);
    if (tallied.responses.responses !== plain.responses || tallied.visits.visits !== plain.visits) failures.push(`${when}: the tallies differ from a plain count`);
  };
  const inbox = async () => (await admin.query("select (select count(*) from report.response_inbox)::int as responses, (select count(*) from report.visit_inbox)::int as events")).rows[0];
  const waiting = await inbox();
  await check(`after the burst, ${waiting.responses} responses and ${waiting.events} events' visits still in the inbox`);
  // The data API folds every 10 s: its fold, if one is running, finishes first, and none starts while this one runs (the
  // backlog procedure's try-lock is this session's own lock); else the procedure finds the lock taken and folds nothing.
  const waited = performance.now();
  await admin.query(`select pg_advisory_lock(${FOLD_LOCK})`);
  const started = performance.now();
  await admin.query(`call ${FOLD_BACKLOG_PROCEDURE}()`);
  console.log(`the fold of that inbox: ${(performance.now() - started).toFixed(0)} ms (after ${(started - waited).toFixed(0)} ms waiting for the data API's own fold); load ${load()}`);
  await admin.query(`select pg_advisory_unlock(${FOLD_LOCK})`);
  await check("after the fold");
  const left = await inbox();
  if (left.responses + left.events > 0) failures.push(`the fold left ${left.responses + left.events} rows in the inbox`);
} finally {
  await admin.end();
  await api.stop();
  server.stop();
}
for (const failure of failures) console.error(`✗ ${failure}`);
console.log(failures.length ? `bench:burst: ${failures.length} budget(s) missed` : "bench:burst: every budget met");
process.exitCode = failures.length ? 1 : 0;
