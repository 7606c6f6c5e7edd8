/**
 * `npm run bench:report`: the report at scale. Seeds the local data API (in
 * memory, free port) with about 100,000 responses and 500,000 visit events of
 * foreign-form, runs `npm run report` against it as a separate process (as an
 * operator would, with the service key), and checks wall time, peak memory and
 * the HTML's size against bench/budgets.json. Exits 1 when a budget fails.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi } from "../data-api/index.ts";
import { psql } from "../data-api/psql-database.ts";
import { loadSurveys } from "../lib/validate.ts";
import { readBudgets } from "./budgets.ts";
import { REPO_ROOT } from "./build.ts";
import { bytes, table, withBudget } from "./report.ts";
import { stepLog } from "./steps.ts";
import { seedReportSql } from "./seed-report-data.ts";

const SURVEY = "foreign-form";
/** About 16 events per visit: 31,250 visits give about 500,000 events, 11,000 of them submitted. */
const SIZE = { visits: 31_250, extraResponses: 89_000, seed: 0.42 };

const budgets = readBudgets();
const log = (line: string) => process.stderr.write(`[bench:report] ${line}\n`);
const step = stepLog(3, log);

function runReport(url: string, serviceKey: string, outDir: string): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // In English, whatever the survey's report language: the bench reads its summary line.
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/report/cli.ts", "--survey", SURVEY, "--language", "en", "--out", outDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceKey },
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
const api = await startDataApi({ port: 0, dataDir: null, quiet: true });
const outDir = mkdtempSync(join(tmpdir(), "rmj-report-bench-"));
try {
  step(`seeding ${SIZE.visits} visits and ${SIZE.extraResponses} responses without a visit…`);
  await psql(api.dbUrl, [], seedReportSql(config, SIZE));
  // What autovacuum does on a hosted project after such an import: the planner's statistics.
  step("analyze (the planner's statistics) and counting what was seeded…");
  await psql(api.dbUrl, ["--command", "analyze"]);
  const counts = (await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", `select (select count(*) from public.${config.table}) || ' ' || (select count(*) from public.visit_events)`])).trim().split(" ").map(Number);
  step(`npm run report on ${counts[0]} responses and ${counts[1]} visit events…`);
  const { seconds, output } = await runReport(api.url, api.serviceRoleKey, outDir);
  log(output.trim());
  const peakMb = Number(/peak memory (\d+) MB/.exec(output)?.[1] ?? NaN);
  const htmlBytes = statSync(join(outDir, `${SURVEY}.html`)).size;
  const figures = [
    withBudget({ id: "responses", label: "responses / visit events", value: counts[0]!, unit: "", display: `${counts[0]!.toLocaleString("en-US")} / ${counts[1]!.toLocaleString("en-US")}` }, ">=", 100_000, "≥ 100,000 responses"),
    withBudget({ id: "reportWall", label: "npm run report wall time", value: seconds, unit: "", display: `${seconds.toFixed(1)} s` }, "<=", budgets.reportWallSecondsMax, `≤ ${budgets.reportWallSecondsMax} s`),
    withBudget({ id: "reportMemory", label: "peak memory (max RSS)", value: peakMb, unit: "", display: `${peakMb} MB` }, "<=", budgets.reportPeakMemoryMbMax, `≤ ${budgets.reportPeakMemoryMbMax} MB`),
    withBudget({ id: "reportHtml", label: "HTML size", value: htmlBytes, unit: "bytes", display: bytes(htmlBytes) }, "<=", budgets.reportHtmlBytesMax, bytes(budgets.reportHtmlBytesMax)),
  ];
  console.log(table(figures));
  if (figures.some((figure) => !figure.pass)) process.exitCode = 1;
} finally {
  await api.stop();
  rmSync(outDir, { recursive: true, force: true });
}
