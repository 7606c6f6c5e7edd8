/**
 * `npm run bench`: the performance benchmark with its budgets.
 *
 * 1. A production build (vite build with the repository's config, manifest
 *    on) into a temporary folder, served by scripts/serve-dist.ts (brotli/gzip,
 *    one prerendered HTML per route) on a free loopback port.
 * 2. First-load JS and CSS of each survey route, raw, gzip and brotli; lazy
 *    chunks apart (scripts/bench/first-load.ts, which the byte-budget test uses).
 * 3. Lighthouse 12, mobile preset (simulated throttling), 3 runs per route,
 *    median of each figure (scripts/bench/lighthouse.ts).
 * 4. Interaction cost at 4x CPU throttling in Chromium (scripts/bench/interaction.ts).
 * 5. Cost of conditions per keystroke at 4x CPU throttling, on a synthetic
 *    200-question survey with 100 conditions (scripts/bench/visibility.ts).
 *
 * Prints one table (progress goes to stderr), writes bench/results.json, and
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
import { CHROMIUM_PATH } from "./common.ts";
import { measureBuild, surveyRoutes, type Sizes } from "./first-load.ts";
import { ANIMATION_MS, CPU_THROTTLING, runInteraction } from "./interaction.ts";
import { medianFigures, runLighthouse } from "./lighthouse.ts";
import { measureVisibility } from "./visibility.ts";
import { bytes, kib, ms, table, withBudget, type Figure } from "./report.ts";

const LIGHTHOUSE_RUNS = 3;
const RESULTS_FILE = join(REPO_ROOT, "bench", "results.json");
const LOCK_FILE = join(tmpdir(), "rmj-survey-bench.lock");

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => process.stderr.write(`[bench ${elapsed()}] ${line}\n`);

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

const sizesText = (sizes: Sizes) => `${bytes(sizes.gzip)} gzip (raw ${bytes(sizes.raw)}, br ${bytes(sizes.brotli)})`;
const range = (values: number[], format: (value: number) => string) =>
  values.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : "";

async function main(): Promise<number> {
  acquireLock();
  // Ctrl-C: leave through process.exit so that the lock and the temporary build are removed.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  const budgets = readBudgets();
  const loadStart = loadavg();

  log("building the production bundle (vite build, manifest on)…");
  const built = await buildProduction({ logLevel: "warn" });
  process.on("exit", built.remove);
  const routes = surveyRoutes(join(REPO_ROOT, "surveys")).sort();
  const sizes = measureBuild(built.outDir, routes);
  const gzipOf = new Map([...sizes.routes.flatMap((route) => route.js), ...sizes.lazy].map((asset) => [asset.file, asset.gzip]));
  const compositions = Object.fromEntries(
    sizes.routes.map((route) => [route.route, composition(built.chunks, route.js.map((asset) => asset.file), (file) => gzipOf.get(file) ?? 0)]),
  );
  const jsAssetCount = new Set([...sizes.routes.flatMap((route) => route.js), ...sizes.lazy].map((asset) => asset.file).filter((file) => file.endsWith(".js"))).size;
  log(`built in ${built.outDir}: ${sizes.routes.map((route) => `${route.route} first-load JS ${kib(route.jsTotal.gzip)} gzip`).join(", ")}`);

  const server = await serveDist(built.outDir, 0, "127.0.0.1");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log(`serving the build at ${baseUrl}`);

  let lighthouseRuns: Awaited<ReturnType<typeof runLighthouse>>;
  let interaction: Awaited<ReturnType<typeof runInteraction>>;
  try {
    log(`Lighthouse 12, mobile preset, ${LIGHTHOUSE_RUNS} runs per route…`);
    lighthouseRuns = await runLighthouse(baseUrl, routes, LIGHTHOUSE_RUNS, log);
    log(`interaction at ${CPU_THROTTLING}x CPU throttling…`);
    interaction = await runInteraction(baseUrl, routes, jsAssetCount, log);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  log(`conditions: visibility per keystroke at ${CPU_THROTTLING}x CPU throttling…`);
  const visibility = await measureVisibility();

  const figures: Figure[] = [];
  for (const route of sizes.routes) {
    figures.push(
      withBudget(
        { id: `${route.route} firstLoadJs`, label: `${route.route} first-load JS (${route.js.length} file${route.js.length === 1 ? "" : "s"})`, value: route.jsTotal.gzip, unit: "bytes", display: sizesText(route.jsTotal) },
        "<=",
        budgets.firstLoadJsGzipBytesMax,
        `≤ ${bytes(budgets.firstLoadJsGzipBytesMax)} gzip`,
      ),
      { id: `${route.route} firstLoadCss`, label: `${route.route} first-load CSS (${route.css.length} file${route.css.length === 1 ? "" : "s"})`, value: route.cssTotal.gzip, unit: "bytes", display: sizesText(route.cssTotal) },
      { id: `${route.route} html`, label: `${route.route} HTML (${route.htmlFile})`, value: route.html.gzip, unit: "bytes", display: sizesText(route.html) },
    );
  }
  const firstLoadChunks = new Map(sizes.routes.flatMap((route) => route.js).map((asset) => [asset.file, asset]));
  for (const asset of firstLoadChunks.values()) {
    figures.push({ id: `firstLoadChunk ${asset.file}`, label: `  first-load chunk ${asset.file}`, value: asset.gzip, unit: "bytes", display: sizesText(asset) });
  }
  for (const asset of sizes.lazy) {
    figures.push({ id: `lazyChunk ${asset.file}`, label: `  lazy chunk ${asset.file}`, value: asset.gzip, unit: "bytes", display: sizesText(asset) });
  }

  const lighthouse = Object.fromEntries(routes.map((route) => [route, medianFigures(lighthouseRuns.filter((run) => run.route === route))]));
  for (const route of routes) {
    const runs = lighthouseRuns.filter((run) => run.route === route);
    const median = lighthouse[route]!;
    const spread = (pick: (run: (typeof runs)[number]) => number, format: (value: number) => string) => range(runs.map(pick), format);
    const score = (value: number) => String(Math.round(value));
    figures.push(
      withBudget({ id: `${route} lighthousePerformance`, label: `${route} Lighthouse performance`, value: median.performance, unit: "score", display: `${score(median.performance)}${spread((run) => run.performance, score)}` }, ">=", budgets.lighthousePerformanceMin, `≥ ${budgets.lighthousePerformanceMin}`),
      withBudget({ id: `${route} lighthouseAccessibility`, label: `${route} Lighthouse accessibility`, value: median.accessibility, unit: "score", display: `${score(median.accessibility)}${spread((run) => run.accessibility, score)}` }, ">=", budgets.lighthouseAccessibilityMin, budgets.lighthouseAccessibilityMin >= 100 ? "= 100" : `≥ ${budgets.lighthouseAccessibilityMin}`),
      { id: `${route} fcp`, label: `${route} FCP`, value: median.fcpMs, unit: "ms", display: `${ms(median.fcpMs)}${spread((run) => run.fcpMs, ms)}` },
      withBudget({ id: `${route} lcp`, label: `${route} LCP`, value: median.lcpMs, unit: "ms", display: `${ms(median.lcpMs)}${spread((run) => run.lcpMs, ms)}` }, "<=", budgets.lcpMsMax, `≤ ${ms(budgets.lcpMsMax)}`),
      { id: `${route} speedIndex`, label: `${route} Speed Index`, value: median.speedIndexMs, unit: "ms", display: `${ms(median.speedIndexMs)}${spread((run) => run.speedIndexMs, ms)}` },
      withBudget({ id: `${route} tbt`, label: `${route} TBT`, value: median.tbtMs, unit: "ms", display: `${ms(median.tbtMs)}${spread((run) => run.tbtMs, ms)}` }, "<=", budgets.tbtMsMax, `≤ ${ms(budgets.tbtMsMax)}`),
      withBudget({ id: `${route} cls`, label: `${route} CLS`, value: median.cls, unit: "", display: `${median.cls.toFixed(3)}${spread((run) => run.cls, (value) => value.toFixed(3))}` }, "<=", budgets.clsMax, budgets.clsMax === 0 ? "= 0" : `≤ ${budgets.clsMax}`),
    );
  }
  for (const variant of interaction.variants) {
    const overheads = variant.steps.map((step) => step.overheadMs);
    const frames = variant.keystrokes.map((keystroke) => keystroke.frameMs);
    const oneDecimal = (value: number) => `${value.toFixed(1)} ms`;
    figures.push(
      withBudget(
        { id: `${variant.route} enterOverhead`, label: `${variant.route} Enter → next question − ${ANIMATION_MS} ms (${CPU_THROTTLING}x CPU, median of ${variant.steps.length})`, value: variant.enterOverheadMedianMs, unit: "ms", display: `${oneDecimal(variant.enterOverheadMedianMs)}${range(overheads, oneDecimal)}` },
        "<=",
        budgets.enterToNextQuestionOverheadMsMax,
        `≤ ${budgets.enterToNextQuestionOverheadMsMax} ms`,
      ),
      withBudget(
        { id: `${variant.route} keystrokeToFrame`, label: `${variant.route} keystroke → next frame (${CPU_THROTTLING}x CPU, median of ${variant.keystrokes.length})`, value: variant.keystrokeToFrameMedianMs, unit: "ms", display: `${oneDecimal(variant.keystrokeToFrameMedianMs)}${range(frames, oneDecimal)}` },
        "<=",
        budgets.keystrokeToFrameMsMax,
        `≤ ${budgets.keystrokeToFrameMsMax} ms`,
      ),
    );
  }

  figures.push(
    withBudget(
      {
        id: "visibilityPerKeystroke",
        label: `conditions: visibility per keystroke, ${visibility.questions} questions / ${visibility.conditions} conditions (${CPU_THROTTLING}x CPU, median of ${visibility.samplesMs.length})`,
        value: visibility.perKeystrokeMedianMs,
        unit: "ms",
        display: `${visibility.perKeystrokeMedianMs.toFixed(3)} ms${range(visibility.samplesMs, (value) => value.toFixed(3))}`,
      },
      "<=",
      budgets.visibilityPerKeystrokeMsMax,
      `≤ ${budgets.visibilityPerKeystrokeMsMax} ms`,
    ),
  );

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
  console.log(`\n${failed.length === 0 ? "All budgets met" : `${failed.length} budget(s) failed: ${failed.map((figure) => figure.label).join("; ")}`} (${durationSeconds} s, ${cpus().length} CPUs, load average ${loadStart.map((value) => value.toFixed(2)).join(" ")} at start).`);

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
      loadAverageEnd: loadavg(),
      lighthouseBenchmarkIndex: lighthouseRuns.map((run) => run.benchmarkIndex),
      cpuThrottling: CPU_THROTTLING,
      animationMs: ANIMATION_MS,
    },
    budgets,
    figures,
    bytes: { routes: sizes.routes, lazy: sizes.lazy, firstLoadComposition: compositions },
    lighthouse: { runs: lighthouseRuns, medians: lighthouse },
    interaction: interaction.variants,
    visibility,
    warnings: [...new Set(warnings)],
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${RESULTS_FILE}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
