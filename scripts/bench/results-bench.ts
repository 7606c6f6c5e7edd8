/**
 * `npm run bench:results`: the results site at scale. A throw-away real
 * PostgreSQL 15 behind the local data API (its real PostgREST), seeded in
 * SQL with about 1,000,000 responses and 5,000,000 visit events of
 * foreign-form (seed-report-data.ts, the triggers off while the rows go in,
 * then the tallies counted once by report.refill_all(), as a migration
 * does), a team member with a token minted as Supabase Auth mints them; then
 * the requests the site makes, timed from this process over loopback: its
 * first view after sign-in, a filtered view (date range, hidden field, one
 * answer), one page of the responses list (the first, and one 500,000 rows
 * deep: keyset, so as cheap), and the export (src/results/export/csv-pages.ts,
 * the site's own code) of a month of responses written to a file, its heap
 * sampled after a full collection following every page; then the site
 * itself opened cold in Chromium with a sign-in link until its numbers are
 * painted (results-paint.ts); the whole survey exported there while the
 * page keeps refreshing (results-export-browser.ts); last, a share link over
 * every response and its page on the phone profile, first visit and cache
 * warm (share-bench.ts). Writes its figures on docs/developers/bench.md;
 * exits 1 when a budget fails.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startDataApi } from "../data-api/index.ts";
import { psql } from "../data-api/psql.ts";
import { loadSurveys } from "../lib/validate.ts";
import { localAccessToken } from "../team/local-session.ts";
import { readBudgets } from "./budgets.ts";
import { REPO_ROOT } from "./build.ts";
import { ms, table, withBudget, type Figure } from "./report.ts";
import { stepLog } from "./steps.ts";
import { BENCH_PAGE, figuresBlock, writeBenchBlock } from "./figures-page.ts";
import { seedReportSql } from "./seed-report-data.ts";
import { sqlLiteral } from "../sql/sql-text.ts";
import { startPostgresServer } from "./postgres-server.ts";
import { resultsFirstPaint, serveResultsSite } from "./results-paint.ts";
import { browserExportFigure, exportInBrowser, type BrowserExport } from "./results-export-browser.ts";
import { shareBench } from "./share-bench.ts";
import { columnOf, kindOf } from "../../src/core/fields.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { csvPages, EXPORT_PAGE_SIZE, type Cursor, type RowsPage } from "../../src/results/export/csv-pages.ts";
import { crosstabAxes } from "../../src/report/crosstab/axes.ts";

const SURVEY = "foreign-form";
/** RESULTS_BENCH_SCALE=0.01: a small run to see that every step runs (its figures are printed, not written on bench.md, and Chromium's paint is left out). */
const SCALE = Number(process.env.RESULTS_BENCH_SCALE ?? 1);
const SIZE = { visits: Math.round(312_500 * SCALE), extraResponses: Math.round(890_000 * SCALE), seed: 0.42 };
/** Random question pairs for the cross-tab's p50 and p95 (the issue's 50). */
const PAIRS = 50;
/** The themes are timed over this many answers of one free text (the acceptance fixture's texts drawn at random). */
const THEMED_ANSWERS = Math.round(100_000 * SCALE);
const THEMED_FIELD = "sonhoCarreira";
const MEMBER = "bench-analyst@equipe.test";
/** Each timed request runs this many times; the table shows the median (the first, cold run is shown apart). */
const RUNS = 3;

const budgets = readBudgets();
const benchStarted = performance.now();
const loadAverageStart = loadavg();
const log = (line: string) => process.stderr.write(`[bench:results] ${line}\n`);
const step = stepLog(10, log);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (value: number) => value / 1024 / 1024;

const config = loadSurveys(join(REPO_ROOT, "surveys")).surveys.find((survey) => survey.config.id === SURVEY)!.config;
/** The answer filter: the first single-choice question's first option, as a click on its bar sets it. */
const choice = config.questions.find((question) => toolsOf(question).report.numbers === "choice" && kindOf(question) === "text")!;
const answer = { question: choice.id, value: toolsOf(choice).optionValues(choice)![0]! };

const server = await startPostgresServer();
process.env.DATABASE_URL = server.url;
const api = await startDataApi({ port: 0, dataDir: null, quiet: true }).catch((error: unknown) => {
  server.stop();
  throw error;
});
const outDir = mkdtempSync(join(tmpdir(), "rmj-results-bench-"));
const headers = { apikey: api.anonKey, authorization: `Bearer ${localAccessToken(MEMBER, { projectUrl: api.url })}`, "content-type": "application/json" };

async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${api.restUrl}/rpc/${name}`, { method: "POST", headers, body: JSON.stringify(args) });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Timing {
  cold: number;
  median: number;
  /** The request's failure (PostgREST's 8 s statement timeout for authenticated, as on Supabase): the figure fails, the bench goes on. */
  error?: string;
}

/** Runs `what` RUNS times: the first (cold) run's and the median's milliseconds. */
async function timed(what: () => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    try {
      await what();
    } catch (error) {
      log(`failed after ${ms(performance.now() - started)}: ${(error as Error).message}`);
      return { cold: times[0] ?? NaN, median: NaN, error: (error as Error).message.slice(0, 120) };
    }
    times.push(performance.now() - started);
  }
  return { cold: times[0]!, median: median(times) };
}

const shown = (time: Timing) => (time.error ? `failed: ${time.error}` : `${ms(time.median)} (cold ${ms(time.cold)})`);

const sql = async (query: string) => (await psql(api.dbUrl, ["--tuples-only", "--no-align", "--command", query])).trim();

try {
  step(`seeding ${SIZE.visits} visits (about 5,000,000 events) and ${SIZE.extraResponses} more responses in SQL, then the tallies counted once (report.refill_all)…`);
  const seeding = performance.now();
  // The triggers are off for the import (a replica session fires none); refill_all counts every row afterwards, as the codegen's migration does.
  // The themed texts are part of the seed: the tallies count their terms with the rest (report.theme_tallies).
  const fixture = (JSON.parse(readFileSync(join(REPO_ROOT, "tests/fixtures/themes/answers.json"), "utf8")) as { answers: { text: string }[] }).answers.map((answer) => answer.text);
  const themedColumn = columnOf(config.questions.find((question) => question.id === THEMED_FIELD)!);
  const themedTexts = `update public.${config.table} set ${themedColumn} = null where ${themedColumn} is not null;
with texts as (select array[${fixture.map(sqlLiteral).join(", ")}]::text[] as a), chosen as (select id from public.${config.table} order by id limit ${THEMED_ANSWERS})
update public.${config.table} r set ${themedColumn} = texts.a[1 + abs(hashtext(r.id::text)) % cardinality(texts.a)] from texts, chosen where chosen.id = r.id;`;
  await psql(api.dbUrl, [], `set session_replication_role = replica;\n${seedReportSql(config, SIZE)}\n${themedTexts}\nset session_replication_role = origin;\nselect report.refill_all();\nanalyze;`);
  const seedSeconds = (performance.now() - seeding) / 1000;
  const [responses, events] = (await sql(`select (select count(*) from public.${config.table}) || ' ' || (select count(*) from public.visit_events)`)).split(" ").map(Number);
  await sql(`insert into public.team_members (email, role, personal) values ('${MEMBER}', 'analyst', true)`);

  step("the first view after sign-in: /auth/v1/user (supabase-js reading the link's session), results_me, results_numbers…");
  let path = "";
  const firstView = await timed(async () => {
    const user = await fetch(`${api.url}/auth/v1/user`, { headers });
    if (!user.ok) throw new Error(`/auth/v1/user: ${user.status}`);
    await rpc("results_me", {});
    path = (await rpc<{ path: string }>("results_numbers", { survey: SURVEY, filters: {} })).path;
  });
  if (path !== "tallies") log(`the unfiltered numbers were not read from the tallies: ${path}`);

  step("filtered views: a month, a year, a hidden field, one answer, and the three at once…");
  const hidden = await sql(`select utm_source from public.${config.table} where utm_source is not null group by 1 order by count(*) asc limit 1`);
  const filtered: [string, Record<string, unknown>][] = [
    ["a month (from 2026-12-01 until 2026-12-31)", { from: "2026-12-01", until: "2026-12-31" }],
    ["a year (from 2027-01-01 until 2027-12-31)", { from: "2027-01-01", until: "2027-12-31" }],
    [`a hidden field (utm_source = ${hidden})`, { hidden: { utm_source: hidden } }],
    [`one answer (${answer.question} = ${answer.value})`, { answer }],
    ["month, hidden field and answer at once", { from: "2026-12-01", until: "2026-12-31", hidden: { utm_source: hidden }, answer }],
  ];
  const filteredTimes = [];
  for (const [label, filters] of filtered) {
    let count = 0;
    const time = await timed(async () => (count = (await rpc<{ responses: { responses: number } }>("results_numbers", { survey: SURVEY, filters })).responses.responses));
    log(`${label}: ${count} responses, ${Math.round(time.median)} ms`);
    filteredTimes.push({ label, count, ...time });
  }

  // 500,000 rows deep, or half way down a small run's rows.
  const depth = Math.min(500_000, Math.floor(responses! / 2));
  step(`the responses list: the first page, a page ${depth.toLocaleString("en-US")} rows deep (keyset), a filtered page…`);
  const [deepAt, deepId] = (await sql(`select created_at || '|' || id from public.${config.table} order by created_at desc, id offset ${depth} limit 1`)).split("|");
  const page = (filters: Record<string, unknown>, after: Cursor | null, size = 50) =>
    rpc<RowsPage>("results_responses", { survey: SURVEY, filters, after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: size });
  const pages = [
    { label: "the first page (50 rows, newest first)", time: await timed(() => page({}, null)) },
    { label: `a page ${depth.toLocaleString("en-US")} rows deep (keyset after that row)`, time: await timed(() => page({}, { at: deepAt!, id: deepId! })) },
    { label: `a filtered page (utm_source = ${hidden})`, time: await timed(() => page({ hidden: { utm_source: hidden } }, null)) },
  ];

  step("the export of a month of responses, keyset pages of 1,000 written to a file, the heap sampled after each page…");
  const file = createWriteStream(join(outDir, "export.csv"));
  const heap: number[] = [];
  let exported = 0;
  const exportStarted = performance.now();
  for await (const chunk of csvPages(config, (after) => page({ from: "2026-12-01", until: "2026-12-31" }, after, EXPORT_PAGE_SIZE))) {
    if (!file.write(chunk.text)) await once(file, "drain");
    exported += chunk.rows;
    // What the export keeps, not what the collector has yet to free: the heap after a full collection (node --expose-gc).
    globalThis.gc?.();
    heap.push(process.memoryUsage().heapUsed);
  }
  file.end();
  await once(file, "finish");
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  // From the first page of rows on (the header's sample is before any row): what the pages add.
  const growth = mb(Math.max(...heap.slice(1)) - heap[1]!);

  step(`analysis: ${PAIRS} random cross-tabs of two questions, four segments side by side, a question by week over a year…`);
  const questions = crosstabAxes(config).filter((axis) => !axis.id.startsWith("~")).map((axis) => axis.id);
  let seed = 55;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const pairTimes: number[] = [];
  let pairError: string | undefined;
  for (let pair = 0; pair < PAIRS && !pairError; pair += 1) {
    const [rows, columns] = [questions[Math.floor(random() * questions.length)]!, questions[Math.floor(random() * questions.length)]!];
    const started = performance.now();
    await rpc("results_crosstab", { survey: SURVEY, row_axis: rows, column_axis: columns, filters: {} }).catch((error: Error) => (pairError = `${rows} × ${columns}: ${error.message.slice(0, 100)}`));
    pairTimes.push(performance.now() - started);
  }
  const sortedPairs = [...pairTimes].sort((a, b) => a - b);
  const percentile = (p: number) => sortedPairs[Math.min(sortedPairs.length - 1, Math.ceil(p * sortedPairs.length) - 1)]!;
  const segmentFilters = [{ hidden: { utm_source: hidden } }, { answer }, { from: "2026-12-01", until: "2026-12-31" }, { from: "2027-01-01", until: "2027-12-31", answer }];
  const segmentIds: string[] = [];
  for (const [at, filters] of segmentFilters.entries()) segmentIds.push((await rpc<{ id: string }>("results_save_segment", { survey: SURVEY, segment_name: `bench ${at + 1}`, segment_filters: filters })).id);
  let inSegments = 0;
  const segments = await timed(async () => (inSegments = (await rpc<{ total: number }>("results_segment_columns", { survey: SURVEY, segment_ids: segmentIds, filters: {} })).total));
  const trendQuestion = questions[0]!;
  let trendTotal = 0;
  const trend = await timed(async () => (trendTotal = (await rpc<{ total: number }>("results_crosstab", { survey: SURVEY, row_axis: trendQuestion, column_axis: "~week", filters: { from: "2027-01-01", until: "2027-12-31" } })).total));
  log(`cross-tabs p50 ${Math.round(percentile(0.5))} ms, p95 ${Math.round(percentile(0.95))} ms; four segments ${Math.round(segments.median)} ms (${inSegments} respondents in any); trend ${Math.round(trend.median)} ms (${trendTotal})`);

  step(`themes of ${THEMED_FIELD} over ${THEMED_ANSWERS.toLocaleString("en-US")} answers (the fixture's texts at random), and the terms that distinguish a hidden field's group…`);
  let themedCount = 0;
  const themes = await timed(async () => (themedCount = (await rpc<{ answers: number }>("results_themes", { survey: SURVEY, field: THEMED_FIELD, filters: {} })).answers));
  let groupCount = 0;
  const contrast = await timed(async () => (groupCount = (await rpc<{ groupAnswers: number }>("results_theme_contrast", { survey: SURVEY, field: THEMED_FIELD, filters: {}, group_filters: { hidden: { utm_source: hidden } } })).groupAnswers));
  log(`themes of ${themedCount} answers: ${shown(themes)}; distinguishing terms of ${groupCount} answers (utm_source = ${hidden}): ${shown(contrast)}`);

  const small = SCALE < 1;
  step(small ? "the results site built (vite build); its paint in Chromium left out of a small run (RESULTS_BENCH_SCALE < 1)" : "the results site built (vite build) and opened cold in Chromium with the sign-in link, until the summary's figures are painted…");
  const dataApi = { url: api.url, anonKey: api.anonKey };
  const site = await serveResultsSite(dataApi);
  let paints = [{ ms: NaN, figure: "—" }];
  let browserExport: BrowserExport;
  let shareFigures: Figure[] = [];
  try {
    if (!small) paints = await resultsFirstPaint({ site, dataApi, email: MEMBER, runs: RUNS });
    step(`the whole survey (${responses!.toLocaleString("en-US")} responses) exported in Chromium ("Exportar CSV", the download path) while the page refreshes its numbers…`);
    browserExport = await exportInBrowser({ site, dataApi, email: MEMBER, survey: SURVEY, outDir });
    step(small ? "the share link's page: left out of a small run" : "a share link over every response (the rows moved three years back first), its first cross-tab, a reader's GET, and its page on the phone profile, first visit and cache warm…");
    if (!small) shareFigures = await shareBench({ api, config, site, runs: RUNS, budget: budgets.resultsSharedWarmPaintMsMax, log });
  } finally {
    site.close();
  }
  const paint = { cold: paints[0]!.ms, median: median(paints.map((run) => run.ms)) };

  const figures: Figure[] = [
    { id: "seeded", label: "seeded (PostgreSQL 15)", value: responses!, unit: "", display: `${responses!.toLocaleString("en-US")} responses, ${events!.toLocaleString("en-US")} visit events` },
    { id: "seeding", label: "seeding in SQL, tallies by report.refill_all(), analyze", value: seedSeconds, unit: "", display: `${seedSeconds.toFixed(1)} s` },
    withBudget({ id: "firstView", label: `first view after sign-in (/auth/v1/user, results_me, results_numbers: ${path}), median of ${RUNS}`, value: firstView.median, unit: "ms", display: shown(firstView) }, "<=", budgets.resultsFirstViewMsMax, `≤ ${ms(budgets.resultsFirstViewMsMax)}`),
    withBudget({ id: "firstPaint", label: `first paint in Chromium after sign-in (a fresh browser each run, phone-sized page, /resultados until the summary shows ${paints[0]!.figure} responses), median of ${RUNS}`, value: paint.median, unit: "ms", display: shown(paint) }, "<=", budgets.resultsFirstPaintMsMax, `≤ ${ms(budgets.resultsFirstPaintMsMax)}`),
    ...filteredTimes.map(({ label, count, cold, median: value, error }) =>
      withBudget({ id: `filtered ${label}`, label: `filtered numbers: ${label}${error ? "" : `, ${count.toLocaleString("en-US")} responses`}`, value, unit: "ms", display: shown({ cold, median: value, error }) }, "<=", budgets.resultsFilteredMsMax, `≤ ${ms(budgets.resultsFilteredMsMax)}`)),
    ...pages.map(({ label, time }) => withBudget({ id: `page ${label}`, label: `responses list: ${label}`, value: time.median, unit: "ms", display: shown(time) }, "<=", budgets.resultsPageMsMax, `≤ ${ms(budgets.resultsPageMsMax)}`)),
    withBudget({ id: "themes", label: `themes of a free text (${THEMED_FIELD}, ${themedCount.toLocaleString("en-US")} answers: top terms and phrases), median of ${RUNS}`, value: themes.median, unit: "ms", display: shown(themes) }, "<=", budgets.resultsThemesMsMax, `≤ ${ms(budgets.resultsThemesMsMax)}`),
    withBudget({ id: "themesContrast", label: `distinguishing terms of a group (utm_source = ${hidden}, ${groupCount.toLocaleString("en-US")} answers) against the rest, median of ${RUNS}`, value: contrast.median, unit: "ms", display: shown(contrast) }, "<=", budgets.resultsThemesContrastMsMax, `≤ ${ms(budgets.resultsThemesContrastMsMax)}`),
    withBudget({ id: "exportHeap", label: `export of a month: ${exported.toLocaleString("en-US")} rows in ${heap.length - 1} pages, ${exportSeconds.toFixed(1)} s; heap growth from the first page to the most`, value: growth, unit: "", display: `${growth.toFixed(1)} MB (heap ${mb(heap[1]!).toFixed(0)} → max ${mb(Math.max(...heap)).toFixed(0)} → last ${mb(heap.at(-1)!).toFixed(0)} MB)` }, "<=", budgets.resultsExportHeapGrowthMbMax, `≤ ${budgets.resultsExportHeapGrowthMbMax} MB`),
    browserExportFigure(browserExport, responses!),
    withBudget({ id: "crosstabP50", label: `cross-tab of two random questions, unfiltered (results_crosstab), median of ${pairTimes.length} pairs`, value: pairError ? NaN : percentile(0.5), unit: "ms", display: pairError ? `failed: ${pairError}` : ms(percentile(0.5)) }, "<=", budgets.resultsCrosstabP50MsMax, `≤ ${ms(budgets.resultsCrosstabP50MsMax)}`),
    withBudget({ id: "crosstabP95", label: `cross-tab of two random questions, unfiltered, 95th percentile of ${pairTimes.length} pairs (slowest ${ms(sortedPairs.at(-1)!)})`, value: pairError ? NaN : percentile(0.95), unit: "ms", display: pairError ? `failed: ${pairError}` : ms(percentile(0.95)) }, "<=", budgets.resultsCrosstabP95MsMax, `≤ ${ms(budgets.resultsCrosstabP95MsMax)}`),
    withBudget({ id: "segments", label: `four segments side by side for every question (results_segment_columns: a hidden field, an answer, a month, a year and an answer; ${inSegments.toLocaleString("en-US")} respondents in any), median of ${RUNS}`, value: segments.median, unit: "ms", display: shown(segments) }, "<=", budgets.resultsSegmentsMsMax, `≤ ${ms(budgets.resultsSegmentsMsMax)}`),
    withBudget({ id: "trend", label: `a question (${trendQuestion}) by week over a year (results_crosstab against ~week, ${trendTotal.toLocaleString("en-US")} responses), median of ${RUNS}`, value: trend.median, unit: "ms", display: shown(trend) }, "<=", budgets.resultsTrendMsMax, `≤ ${ms(budgets.resultsTrendMsMax)}`),

    ...shareFigures,
  ];
  console.log(table(figures));
  if (small) {
    log(`a small run (RESULTS_BENCH_SCALE=${SCALE}): the figures are not written on ${BENCH_PAGE}`);
  } else {
    const run = { command: "npm run bench:results", generatedAt: new Date().toISOString(), durationSeconds: Math.round((performance.now() - benchStarted) / 1000), cpus: cpus().length, loadAverageStart, loadAverageEnd: loadavg() };
    writeBenchBlock("results-postgresql", figuresBlock(run, figures));
    log(`wrote the figures on ${BENCH_PAGE}`);
  }
  if (!small && figures.some((figure) => figure.pass === false)) process.exitCode = 1;
} finally {
  await api.stop();
  server.stop();
  rmSync(outDir, { recursive: true, force: true });
}
