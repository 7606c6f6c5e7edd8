/**
 * `npm run bench:report`: the report at scale. Seeds a throw-away real
 * PostgreSQL server (Debian's, behind the local data API) with about
 * 1,000,000 responses and 5,000,000 visit events of foreign-form
 * (`-- --pglite`: the in-memory PGlite with 100,000 and 500,000), times the
 * numbers the HTML needs (report.survey_numbers, as the report calls it),
 * then runs `npm run report` (HTML and the CSV of every row) as a separate
 * process, as an operator would, once through DATABASE_URL (numbers by psql,
 * the CSV by COPY) and once through the API alone (the CSV in pages), and checks its peak memory and the HTML's
 * size against bench/budgets.json. Writes its figures on
 * docs/developers/bench.md (its PostgreSQL or its PGlite block). Exits 1 when
 * a budget fails.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi } from "../data-api/index.ts";
import { psql } from "../data-api/psql.ts";
import { loadSurveys } from "../lib/validate.ts";
import { readBudgets } from "./budgets.ts";
import { REPO_ROOT } from "./build.ts";
import { bytes, table, withBudget, type Figure } from "./report.ts";
import { stepLog } from "./steps.ts";
import { BENCH_PAGE, figuresBlock, writeBenchBlock } from "./figures-page.ts";
import { seedReportSql } from "./seed-report-data.ts";
import { startPostgresServer } from "./postgres-server.ts";
import { readNumbers } from "../report/read-numbers.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { cli } from "../lib/cli.ts";

const SURVEY = "foreign-form";
const PGLITE = cli("npm run bench:report --", "The report at scale on a throw-away database; writes its figures on docs/developers/bench.md and exits 1 when a budget fails.", "npm run bench:report -- --pglite")
  .option("--pglite", "the in-memory PGlite with 100,000 responses instead of PostgreSQL with 1,000,000")
  .parse()
  .opts<{ pglite?: boolean }>().pglite === true;
/** About 16 events per visit: 31,250 visits give about 500,000 events, 11,000 of them submitted; ten times that on PostgreSQL. */
const SIZE = PGLITE ? { visits: 31_250, extraResponses: 89_000, seed: 0.42 } : { visits: 312_500, extraResponses: 890_000, seed: 0.42 };
const MIN_RESPONSES = PGLITE ? 100_000 : 1_000_000;

const budgets = readBudgets();
const benchStarted = performance.now();
const loadAverageStart = loadavg();
const log = (line: string) => process.stderr.write(`[bench:report] ${line}\n`);
const step = stepLog(3, log);

/** `databaseUrl`: the report computes its numbers and copies its CSV through it; without, it reads both through the API. */
function runReport(url: string, serviceKey: string, outDir: string, databaseUrl: string | undefined): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // In English, whatever the survey's report language: the bench reads its summary line.
    // npm run report itself, with the node flags package.json gives it.
    const child = spawn("npm", ["run", "--silent", "report", "--", "--survey", SURVEY, "--language", "en", "--out", outDir], {
      cwd: REPO_ROOT,
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "DATABASE_URL")), SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceKey, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
      // In a terminal the report's own progress line shows through.
      stdio: ["ignore", "pipe", process.stderr.isTTY ? "inherit" : "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, output }) : reject(new Error(`npm run report failed (exit ${code}):\n${output}`))));
  });
}

const config = loadSurveys(join(REPO_ROOT, "surveys")).surveys.find((survey) => survey.config.id === SURVEY)!.config;
const server = PGLITE ? null : await startPostgresServer();
// The data API runs on DATABASE_URL when it is set (its PostgREST then reads the real server).
if (server) process.env.DATABASE_URL = server.url;
// A data API that fails to start (a migration refused) must not leave the server running.
const api = await startDataApi({ port: 0, dataDir: null, quiet: true }).catch((error: unknown) => {
  server?.stop();
  throw error;
});
const outDir = mkdtempSync(join(tmpdir(), "rmj-report-bench-"));
try {
  step(`seeding ${SIZE.visits} visits and ${SIZE.extraResponses} responses without a visit (the tallies' triggers counting them)…`);
  const seeding = performance.now();
  await psql(api.dbUrl, [], seedReportSql(config, SIZE));
  const seedSeconds = (performance.now() - seeding) / 1000;
  // What autovacuum does on a hosted project after such an import: the planner's statistics.
  step("analyze (the planner's statistics) and counting what was seeded…");
  await psql(api.dbUrl, ["--command", "analyze"]);
  const counts = (await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", `select (select count(*) from public.${config.table}) || ' ' || (select count(*) from public.visit_events)`])).trim().split(" ").map(Number);
  const started = performance.now();
  const numbers = await readNumbers({ url: api.url, serviceKey: api.serviceRoleKey }, numbersRequest(config, { where: {} }, "UTC"));
  const numbersSeconds = (performance.now() - started) / 1000;
  if (numbers.path !== "tallies") log(`the numbers were not read from the tallies: ${numbers.path}`);
  // The same numbers by a scan of every row: what a filtered report costs, and the fallback.
  const scanning = performance.now();
  await readNumbers({ url: api.url, serviceKey: api.serviceRoleKey }, { ...numbersRequest(config, { where: {} }, "UTC"), path: "scan" });
  const scanSeconds = (performance.now() - scanning) / 1000;
  step(`npm run report on ${counts[0]} responses and ${counts[1]} visit events (numbers in ${numbersSeconds.toFixed(1)} s), through DATABASE_URL (COPY) then through the API (pages)…`);
  const runs = [];
  for (const [way, databaseUrl] of [["DATABASE_URL", api.dbUrl], ["the API", undefined]] as const) {
    const { seconds, output } = await runReport(api.url, api.serviceRoleKey, outDir, databaseUrl);
    log(output.trim());
    runs.push({ way, seconds, peakMb: Number(/peak memory (\d+) MB/.exec(output)?.[1] ?? NaN) });
  }
  const htmlBytes = statSync(join(outDir, `${SURVEY}.html`)).size;
  const figures: Figure[] = [
    withBudget({ id: "responses", label: `responses / visit events (${PGLITE ? "PGlite" : "PostgreSQL"})`, value: counts[0]!, unit: "", display: `${counts[0]!.toLocaleString("en-US")} / ${counts[1]!.toLocaleString("en-US")}` }, ">=", MIN_RESPONSES, `≥ ${MIN_RESPONSES.toLocaleString("en-US")} responses`),
    { id: "seeding", label: "seeding (one statement each for the events and the responses, the triggers counting them)", value: seedSeconds, unit: "", display: `${seedSeconds.toFixed(1)} s` },
    { id: "scanNumbers", label: "the same numbers by a scan of every row (a filtered report's way, the fallback)", value: scanSeconds, unit: "", display: `${scanSeconds.toFixed(1)} s` },
    withBudget({ id: "reportNumbers", label: `the HTML's numbers (report.survey_numbers, ${numbers.path})`, value: numbersSeconds, unit: "", display: `${numbersSeconds.toFixed(1)} s` }, "<=", budgets.reportWallSecondsMax, `≤ ${budgets.reportWallSecondsMax} s`),
    ...runs.flatMap(({ way, seconds, peakMb }) => [
      { id: `reportWall ${way}`, label: `npm run report wall time through ${way} (HTML and the CSV of every row)`, value: seconds, unit: "" as const, display: `${seconds.toFixed(1)} s` },
      withBudget({ id: `reportMemory ${way}`, label: `peak memory of npm run report through ${way} (max RSS)`, value: peakMb, unit: "", display: `${peakMb} MB` }, "<=", budgets.reportPeakMemoryMbMax, `≤ ${budgets.reportPeakMemoryMbMax} MB`),
    ]),
    withBudget({ id: "reportHtml", label: "HTML size", value: htmlBytes, unit: "bytes", display: bytes(htmlBytes) }, "<=", budgets.reportHtmlBytesMax, bytes(budgets.reportHtmlBytesMax)),
  ];
  console.log(table(figures));
  const run = { command: `npm run bench:report${PGLITE ? " -- --pglite" : ""}`, generatedAt: new Date().toISOString(), durationSeconds: Math.round((performance.now() - benchStarted) / 1000), cpus: cpus().length, loadAverageStart, loadAverageEnd: loadavg() };
  writeBenchBlock(PGLITE ? "report-pglite" : "report-postgresql", figuresBlock(run, figures));
  log(`wrote the figures on ${BENCH_PAGE}`);
  if (figures.some((figure) => figure.pass === false)) process.exitCode = 1;
} finally {
  await api.stop();
  server?.stop();
  rmSync(outDir, { recursive: true, force: true });
}
