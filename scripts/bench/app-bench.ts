/**
 * `npm run bench` (its command line: run-bench.ts): the performance benchmark with its budgets.
 *
 * 1. A production build (vite build with the repository's config, manifest
 *    on) into a temporary folder, served by scripts/serve-dist.ts (brotli/gzip,
 *    one prerendered HTML per route) on a free loopback port.
 * 2. First-load JS and CSS of each survey route, raw, gzip and brotli; lazy
 *    chunks apart (scripts/bench/first-load.ts, which the byte-budget test uses);
 *    the same with 12 more surveys in a copy of the project, side by side.
 * 3. Lighthouse 12, mobile preset (simulated throttling), 3 runs per route and
 *    of a control page in the same rounds, median of each figure, with the LCP
 *    breakdown (scripts/bench/lighthouse.ts); then cold: 5 rounds, each run in
 *    a fresh Chromium with a fresh profile, as a respondent's first visit.
 * 4. Interaction cost at 4x CPU throttling in Chromium, interleaved with the
 *    control page's (scripts/bench/interaction.ts).
 * 5. Cost of conditions per keystroke at 4x CPU throttling, on a synthetic
 *    200-question survey with 100 conditions (scripts/bench/visibility.ts).
 * 6. The survey editor at 4x CPU throttling in a cold Chromium: keystroke →
 *    preview, and opening a 200-question survey (scripts/bench/editor.ts).
 *    `npm run bench -- --only editor` runs this step alone and updates its
 *    figures in bench/results.json and on the docs page, leaving the others
 *    as they were.
 *
 * The machine is shared and its load changes from minute to minute. Every
 * timing of the app is therefore also measured on the control
 * (scripts/bench/control/, a bare prerendered React page with one input) in
 * the same run, and budgets judge the app's overhead over it; the absolute
 * Lighthouse budgets stay, and when the control itself misses one, the summary
 * says the machine was too busy.
 *
 * Prints one table (progress goes to stderr), writes bench/results.json and the
 * figures on docs/developers/bench.md (scripts/bench/figures-page.ts), and
 * exits 1 when a budget fails. Budgets: bench/budgets.json. Runs one at a time
 * (a lock file), since two benchmarks on one machine spoil each other's timings.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serveDist } from "../serve-dist.ts";
import { readBudgets } from "./budgets.ts";
import { buildProduction, composition, REPO_ROOT } from "./build.ts";
import { buildControl } from "./control.ts";
import { CHROMIUM_PATH } from "./common.ts";
import { editorFigures, measureEditor } from "./editor.ts";
import { stepLog } from "./steps.ts";
import { firstLoadGzip, measureBuild, surveyRoutes } from "./first-load.ts";
import { ANIMATION_MS, CPU_THROTTLING, runInteraction } from "./interaction.ts";
import { runLighthouse, runLighthouseCold, type LighthouseRun } from "./lighthouse.ts";
import { EXTRA_SURVEYS, measureWithExtraSurveys } from "./project-copy.ts";
import { measureVisibility } from "./visibility.ts";
import { kib, ms, table, type Figure } from "./report.ts";
import { BENCH_PAGE, figuresBlock, writeBenchBlock } from "./figures-page.ts";
import { byteFigures, CONTROL, interactionFigures, lighthouseFigures } from "./app-figures.ts";

const LIGHTHOUSE_RUNS = 3;
/** Cold runs per page: each starts a fresh Chromium with a fresh profile. */
const COLD_RUNS = 5;
const RESULTS_FILE = join(REPO_ROOT, "bench", "results.json");
const LOCK_FILE = join(tmpdir(), "rmj-survey-bench.lock");

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => process.stderr.write(`[bench ${elapsed()}] ${line}\n`);
const step = stepLog(8, log);

/** One benchmark at a time on this machine. */
function acquireLock(): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(LOCK_FILE, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      process.on("exit", () => {
        try {
          unlinkSync(LOCK_FILE);
        } catch {
          // already gone
        }
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(LOCK_FILE, "utf8"));
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = pid > 0;
      } catch {
        alive = false;
      }
      if (alive) {
        console.error(`Another benchmark is running (pid ${pid}, lock ${LOCK_FILE}). Run one at a time: two at once spoil each other's timings.`);
        process.exit(1);
      }
      unlinkSync(LOCK_FILE); // stale: its process is gone
    }
  }
  throw new Error(`could not take the lock ${LOCK_FILE}`);
}

/** Each page and script fetched once, so that the static server has compressed them before any timing starts. */
async function warmUp(urls: string[]): Promise<void> {
  for (const url of urls) await (await fetch(url, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
}

const loadText = (load: number[]) => load.map((value) => value.toFixed(2)).join(" ");

/** `--only editor`: the editor step alone; its figures replace the editor's in bench/results.json. */
async function mainEditorOnly(): Promise<number> {
  const budgets = readBudgets();
  const loadStart = loadavg();
  log(`the editor at ${CPU_THROTTLING}x CPU throttling in a cold Chromium…`);
  const editor = await measureEditor(log);
  const figures = editorFigures(editor, budgets);
  const loadEnd = loadavg();
  const failed = figures.filter((figure) => figure.pass === false);
  console.log(table(figures));
  console.log(`\n${failed.length === 0 ? "All budgets met" : `${failed.length} budget(s) failed: ${failed.map((figure) => figure.label).join("; ")}`} (${cpus().length} CPUs, load average ${loadText(loadStart)} at start, ${loadText(loadEnd)} at the end).`);
  const results = JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as { figures: Figure[]; generatedAt: string; durationSeconds: number; environment: { loadAverageStart: number[]; loadAverageEnd: number[] }; editor?: unknown; editorRun?: unknown };
  results.figures = [...results.figures.filter((figure) => !figure.id.startsWith("editor ")), ...figures];
  results.editor = editor;
  const editorRun = { generatedAt: new Date().toISOString(), loadAverageStart: loadStart, loadAverageEnd: loadEnd, pass: failed.length === 0 };
  results.editorRun = editorRun;
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  const { generatedAt, durationSeconds, environment } = results;
  const lastFullRun = figuresBlock({ command: "npm run bench", generatedAt, durationSeconds, cpus: cpus().length, ...environment }, results.figures);
  writeBenchBlock("app", `${lastFullRun}\n\nThe editor's figures are from \`npm run bench -- --only editor\` on ${editorRun.generatedAt.slice(0, 16).replace("T", " ")} UTC (load average ${loadText(loadStart)} at the start, ${loadText(loadEnd)} at the end).`);
  log(`updated the editor's figures in ${RESULTS_FILE} and ${BENCH_PAGE}`);
  return failed.length === 0 ? 0 : 1;
}

/** The whole benchmark, or with `only: "editor"` its editor step alone; resolves with the exit code. */
export async function runBench(options: { only?: "editor" }): Promise<number> {
  acquireLock();
  // Ctrl-C: leave through process.exit so that the lock and the temporary build are removed.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  if (options.only === "editor") return mainEditorOnly();
  const budgets = readBudgets();
  const loadStart = loadavg();

  step("building the production bundle (vite build, manifest on)…");
  const built = await buildProduction({ logLevel: "warn" });
  process.on("exit", built.remove);
  const routes = surveyRoutes(join(REPO_ROOT, "surveys")).sort();
  const sizes = measureBuild(built.outDir, routes);
  const gzipOf = new Map([...sizes.routes.flatMap((route) => route.js), ...sizes.lazy].map((asset) => [asset.file, asset.gzip]));
  const compositions = Object.fromEntries(
    sizes.routes.map((route) => [route.route, composition(built.chunks, route.js.map((asset) => asset.file), (file) => gzipOf.get(file) ?? 0)]),
  );
  const jsFiles = new Set([...sizes.routes.flatMap((route) => route.js), ...sizes.lazy].map((asset) => asset.file).filter((file) => file.endsWith(".js")));
  // What a survey page prefetches while the respondent reads: every chunk but the other pages and the other surveys' configs.
  const otherPages = new Set(built.chunks.filter((chunk) => /[\\/]src[\\/]pages[\\/]|\.json$/.test(chunk.facadeModuleId ?? "")).map((chunk) => chunk.fileName));
  const jsAssetCount = [...jsFiles].filter((file) => !otherPages.has(file)).length + 1;
  log(`built in ${built.outDir}: ${sizes.routes.map((route) => `${route.route} first-load JS ${kib(route.jsTotal.gzip)} gzip`).join(", ")}`);
  step(`building a copy of the project with ${EXTRA_SURVEYS} more surveys…`);
  const scaledSizes = await measureWithExtraSurveys(EXTRA_SURVEYS);
  const scaling = routes.map((route) => ({ route, before: firstLoadGzip(sizes, route), after: firstLoadGzip(scaledSizes, route) }));

  step("building the control page…");
  const control = await buildControl();
  process.on("exit", control.remove);

  const server = await serveDist(built.outDir, 0, "127.0.0.1");
  const controlServer = await serveDist(control.outDir, 0, "127.0.0.1");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const controlUrl = `http://127.0.0.1:${(controlServer.address() as AddressInfo).port}/`;
  log(`serving the build at ${baseUrl}, the control page at ${controlUrl}`);

  let lighthouseRuns: LighthouseRun[];
  let coldRuns: LighthouseRun[];
  let interaction: Awaited<ReturnType<typeof runInteraction>>;
  try {
    await warmUp([controlUrl, ...routes.map((route) => new URL(route, baseUrl).href), ...[...jsFiles].map((file) => new URL(file, baseUrl).href)]);
    step(`Lighthouse 12, mobile preset, ${LIGHTHOUSE_RUNS} rounds of the control page and each route…`);
    const audited = [{ label: CONTROL, url: controlUrl }, ...routes.map((route) => ({ label: route, url: new URL(route, baseUrl).href }))];
    lighthouseRuns = await runLighthouse(audited, LIGHTHOUSE_RUNS, log);
    step(`Lighthouse cold: ${COLD_RUNS} rounds, a fresh Chromium and profile for each run…`);
    coldRuns = await runLighthouseCold(audited, COLD_RUNS, log);
    step(`interaction at ${CPU_THROTTLING}x CPU throttling, beside the control page…`);
    interaction = await runInteraction(baseUrl, routes, jsAssetCount, controlUrl, log);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => controlServer.close(resolve));
  }
  step(`conditions: visibility per keystroke at ${CPU_THROTTLING}x CPU throttling…`);
  const visibility = await measureVisibility();
  step(`the editor: keystroke → preview and a 200-question survey opened, at ${CPU_THROTTLING}x CPU throttling in a cold Chromium…`);
  const editor = await measureEditor(log);

  const { figures: lighthouseJudged, lighthouse, cold } = lighthouseFigures(routes, lighthouseRuns, coldRuns, budgets);
  const controlMedians = lighthouse[CONTROL]!;
  const figures: Figure[] = [
    ...byteFigures(sizes, scaling, scaledSizes.routes.length, budgets),
    ...lighthouseJudged,
    ...interactionFigures(interaction.variants, visibility, budgets),
    ...editorFigures(editor, budgets),
  ];

  const failed = figures.filter((figure) => figure.pass === false);
  const warnings = [...lighthouseRuns.flatMap((run) => run.warnings.map((warning) => `${run.route}: ${warning}`)), ...interaction.variants.flatMap((variant) => variant.warnings)];
  for (const variant of interaction.variants) {
    const lost = variant.steps.filter((step) => step.focusMs === null).map((step) => step.from + 1);
    if (lost.length > 0) warnings.push(`${variant.route}: after Enter the focus did not reach the new question (within 500 ms of it being focusable) for question(s) ${lost.join(", ")}; a keyboard user must click or Tab before typing`);
  }
  const durationSeconds = Math.round((performance.now() - started) / 1000);

  console.log(table(figures));
  for (const [route, parts] of Object.entries(compositions)) {
    console.log(`\nFirst-load JS of ${route} by package (≈ gzip): ${parts.slice(0, 8).map((part) => `${part.name} ${kib(part.gzipEstimate)}`).join(", ")}`);
  }
  for (const warning of [...new Set(warnings)]) console.log(`warning: ${warning}`);
  const loadEnd = loadavg();
  const busy = [
    controlMedians.lcpMs > budgets.lcpMsMax ? `LCP ${ms(controlMedians.lcpMs)}` : "",
    controlMedians.tbtMs > budgets.tbtMsMax ? `TBT ${ms(controlMedians.tbtMs)}` : "",
  ].filter(Boolean);
  if (busy.length > 0) console.log(`\nThe bare control page itself missed the absolute budgets (${busy.join(", ")}): the machine was too busy for absolute timings; the figures over the control still judge the app.`);
  console.log(
    `\n${failed.length === 0 ? "All budgets met" : `${failed.length} budget(s) failed: ${failed.map((figure) => figure.label).join("; ")}`} ` +
      `(${durationSeconds} s, ${cpus().length} CPUs, load average ${loadText(loadStart)} at start, ${loadText(loadEnd)} at the end).`,
  );

  mkdirSync(join(REPO_ROOT, "bench"), { recursive: true });
  const results = {
    generatedAt: new Date().toISOString(),
    durationSeconds,
    pass: failed.length === 0,
    environment: {
      node: process.version,
      chromium: `${CHROMIUM_PATH} ${interaction.browserVersion}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverageStart: loadStart,
      loadAverageEnd: loadEnd,
      lighthouseBenchmarkIndex: lighthouseRuns.map((run) => run.benchmarkIndex),
      cpuThrottling: CPU_THROTTLING,
      animationMs: ANIMATION_MS,
    },
    budgets,
    figures,
    bytes: { routes: sizes.routes, lazy: sizes.lazy, firstLoadComposition: compositions, withMoreSurveys: { surveys: scaledSizes.routes.length, firstLoadJsCssGzip: scaling } },
    lighthouse: { runs: lighthouseRuns, medians: lighthouse },
    lighthouseCold: { runs: coldRuns, medians: cold },
    interaction: interaction.variants,
    visibility,
    editor,
    warnings: [...new Set(warnings)],
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  writeBenchBlock("app", figuresBlock({ command: "npm run bench", generatedAt: results.generatedAt, durationSeconds, cpus: cpus().length, loadAverageStart: loadStart, loadAverageEnd: loadEnd }, figures));
  log(`wrote ${RESULTS_FILE} and the figures on ${BENCH_PAGE}`);
  return failed.length === 0 ? 0 : 1;
}
