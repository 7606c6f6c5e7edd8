/**
 * The figures of one `npm run bench`, each with its budget where it has one,
 * in the order of its table: bytes, Lighthouse (warm, then cold), interaction,
 * conditions. scripts/bench/app-bench.ts measures; this file judges and words.
 */
import type { Budgets } from "./budgets.ts";
import { median } from "./common.ts";
import type { BuildSizes, Sizes } from "./first-load.ts";
import { ANIMATION_MS, CPU_THROTTLING, type VariantInteraction } from "./interaction.ts";
import { medianFigures, type LighthouseFigures, type LighthouseRun } from "./lighthouse.ts";
import { bytes, ms, withBudget, type Figure } from "./report.ts";
import type { VisibilityCost } from "./visibility.ts";

/** The control page's label in the Lighthouse runs. */
export const CONTROL = "control";

const sizesText = (sizes: Sizes) => `${bytes(sizes.gzip)} gzip (raw ${bytes(sizes.raw)}, br ${bytes(sizes.brotli)})`;
const range = (values: number[], format: (value: number) => string) =>
  values.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : "";
const oneDecimal = (value: number) => `${value.toFixed(1)} ms`;

/** First-load bytes per route, their growth with more surveys, and every chunk by name. */
export function byteFigures(sizes: BuildSizes, scaling: { route: string; before: number; after: number }[], scaledSurveys: number, budgets: Budgets): Figure[] {
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
  const surveyCounts = `${sizes.routes.length} → ${scaledSurveys} surveys`;
  for (const { route, before, after } of scaling) {
    figures.push(
      withBudget(
        { id: `${route} firstLoadGrowth`, label: `${route} first-load JS+CSS, ${surveyCounts}`, value: after - before, unit: "bytes", display: `${bytes(before)} → ${bytes(after)} gzip (${after >= before ? "+" : "−"}${bytes(Math.abs(after - before))})` },
        "<=",
        budgets.firstLoadGrowthWith12MoreSurveysGzipBytesMax,
        `growth ≤ ${bytes(budgets.firstLoadGrowthWith12MoreSurveysGzipBytesMax)}`,
      ),
    );
  }
  const firstLoadChunks = new Map(sizes.routes.flatMap((route) => route.js).map((asset) => [asset.file, asset]));
  for (const asset of firstLoadChunks.values()) {
    figures.push({ id: `firstLoadChunk ${asset.file}`, label: `  first-load chunk ${asset.file}`, value: asset.gzip, unit: "bytes", display: sizesText(asset) });
  }
  for (const asset of sizes.lazy) {
    figures.push({ id: `lazyChunk ${asset.file}`, label: `  lazy chunk ${asset.file}`, value: asset.gzip, unit: "bytes", display: sizesText(asset) });
  }

  return figures;
}

/** Lighthouse's medians per page, warm and cold, judged against the absolute budgets and the control's. */
export function lighthouseFigures(routes: string[], lighthouseRuns: LighthouseRun[], coldRuns: LighthouseRun[], budgets: Budgets): { figures: Figure[]; lighthouse: Record<string, LighthouseFigures>; cold: Record<string, LighthouseFigures> } {
  const figures: Figure[] = [];
  const lighthouse = Object.fromEntries([CONTROL, ...routes].map((route) => [route, medianFigures(lighthouseRuns.filter((run) => run.route === route))]));
  const controlMedians = lighthouse[CONTROL]!;
  const score = (value: number) => String(Math.round(value));
  const signedMs = (value: number) => `${value >= 0 ? "+" : "−"}${ms(Math.abs(value))}`;
  const controlFigures: Figure[] = [];
  for (const route of [CONTROL, ...routes]) {
    const runs = lighthouseRuns.filter((run) => run.route === route);
    const medians = lighthouse[route]!;
    const spread = (pick: (run: LighthouseRun) => number, format: (value: number) => string) => range(runs.map(pick), format);
    const label = route === CONTROL ? "control page" : route;
    const lcp = { id: `${route} lcp`, label: `${label} LCP`, value: medians.lcpMs, unit: "ms" as const, display: `${ms(medians.lcpMs)}${spread((run) => run.lcpMs, ms)}` };
    const tbt = { id: `${route} tbt`, label: `${label} TBT`, value: medians.tbtMs, unit: "ms" as const, display: `${ms(medians.tbtMs)}${spread((run) => run.tbtMs, ms)}` };
    const before = [...new Set(runs.flatMap((run) => run.requestsBeforeLcp))];
    const breakdown = {
      id: `${route} lcpBreakdown`,
      label: `${label} LCP breakdown (medians)`,
      value: medians.renderDelayMs,
      unit: "ms" as const,
      display: `TTFB ${ms(medians.ttfbMs)} + render delay ${ms(medians.renderDelayMs)}; finished before the paint: ${before.length ? before.join(" ") : "only the document"}`,
    };
    if (route === CONTROL) {
      // The control is judged by no budget: it shows what this machine and Lighthouse give a bare page right now.
      controlFigures.push(lcp, breakdown, tbt);
      continue;
    }
    figures.push(
      withBudget({ id: `${route} lighthousePerformance`, label: `${route} Lighthouse performance`, value: medians.performance, unit: "score", display: `${score(medians.performance)}${spread((run) => run.performance, score)}` }, ">=", budgets.lighthousePerformanceMin, `≥ ${budgets.lighthousePerformanceMin}`),
      withBudget({ id: `${route} lighthouseAccessibility`, label: `${route} Lighthouse accessibility`, value: medians.accessibility, unit: "score", display: `${score(medians.accessibility)}${spread((run) => run.accessibility, score)}` }, ">=", budgets.lighthouseAccessibilityMin, budgets.lighthouseAccessibilityMin >= 100 ? "= 100" : `≥ ${budgets.lighthouseAccessibilityMin}`),
      { id: `${route} fcp`, label: `${route} FCP`, value: medians.fcpMs, unit: "ms", display: `${ms(medians.fcpMs)}${spread((run) => run.fcpMs, ms)}` },
      withBudget(lcp, "<=", budgets.lcpMsMax, `≤ ${ms(budgets.lcpMsMax)}`),
      withBudget({ id: `${route} lcpOverControl`, label: `${route} LCP over the control's`, value: medians.lcpMs - controlMedians.lcpMs, unit: "ms", display: signedMs(medians.lcpMs - controlMedians.lcpMs) }, "<=", budgets.lcpOverControlMsMax, `≤ ${ms(budgets.lcpOverControlMsMax)}`),
      breakdown,
      { id: `${route} speedIndex`, label: `${route} Speed Index`, value: medians.speedIndexMs, unit: "ms", display: `${ms(medians.speedIndexMs)}${spread((run) => run.speedIndexMs, ms)}` },
      withBudget(tbt, "<=", budgets.tbtMsMax, `≤ ${ms(budgets.tbtMsMax)}`),
      withBudget({ id: `${route} tbtOverControl`, label: `${route} TBT over the control's`, value: medians.tbtMs - controlMedians.tbtMs, unit: "ms", display: signedMs(medians.tbtMs - controlMedians.tbtMs) }, "<=", budgets.tbtOverControlMsMax, `≤ ${ms(budgets.tbtOverControlMsMax)}`),
      withBudget({ id: `${route} cls`, label: `${route} CLS`, value: medians.cls, unit: "", display: `${medians.cls.toFixed(3)}${spread((run) => run.cls, (value) => value.toFixed(3))}` }, "<=", budgets.clsMax, budgets.clsMax === 0 ? "= 0" : `≤ ${budgets.clsMax}`),
    );
  }
  figures.push(...controlFigures);
  const cold = Object.fromEntries([CONTROL, ...routes].map((route) => [route, medianFigures(coldRuns.filter((run) => run.route === route))]));
  for (const route of [CONTROL, ...routes]) {
    const runs = coldRuns.filter((run) => run.route === route);
    const label = route === CONTROL ? "control page" : route;
    const lcp = { id: `${route} coldLcp`, label: `${label} cold LCP`, value: cold[route]!.lcpMs, unit: "ms" as const, display: `${ms(cold[route]!.lcpMs)}${range(runs.map((run) => run.lcpMs), ms)}` };
    const tbt = { id: `${route} coldTbt`, label: `${label} cold TBT`, value: cold[route]!.tbtMs, unit: "ms" as const, display: `${ms(cold[route]!.tbtMs)}${range(runs.map((run) => run.tbtMs), ms)}` };
    if (route === CONTROL) figures.push(lcp, tbt);
    else figures.push(withBudget(lcp, "<=", budgets.coldLcpMsMax, `≤ ${ms(budgets.coldLcpMsMax)}`), withBudget(tbt, "<=", budgets.coldTbtMsMax, `≤ ${ms(budgets.coldTbtMsMax)}`));
  }
  return { figures, lighthouse, cold };
}

/** Enter → next question and keystroke → frame over the control's, and the conditions' cost per keystroke. */
export function interactionFigures(variants: VariantInteraction[], visibility: VisibilityCost, budgets: Budgets): Figure[] {
  const figures: Figure[] = [];
  for (const variant of variants) {
    const totals = variant.steps.map((step) => step.totalMs);
    const frames = variant.keystrokes.map((keystroke) => keystroke.frameMs);
    const controlFrames = variant.control.keystrokes.map((keystroke) => keystroke.frameMs);
    figures.push(
      { id: `${variant.route} enter`, label: `${variant.route} Enter → next question (${CPU_THROTTLING}x CPU, median of ${totals.length}, ${ANIMATION_MS} ms slide included)`, value: ANIMATION_MS + variant.enterOverheadMedianMs, unit: "ms", display: `${oneDecimal(ANIMATION_MS + variant.enterOverheadMedianMs)}${range(totals, oneDecimal)}; control ${oneDecimal(median(variant.control.enterMs))}${range(variant.control.enterMs, oneDecimal)}` },
      withBudget({ id: `${variant.route} enterOverControl`, label: `${variant.route} Enter → next question over the control's`, value: variant.enterOverControlMs, unit: "ms", display: `${variant.enterOverControlMs >= 0 ? "+" : "−"}${oneDecimal(Math.abs(variant.enterOverControlMs))}` }, "<=", budgets.enterOverControlMsMax, `≤ ${budgets.enterOverControlMsMax} ms`),
      { id: `${variant.route} keystrokeToFrame`, label: `${variant.route} keystroke → next frame (${CPU_THROTTLING}x CPU, median of ${frames.length})`, value: variant.keystrokeToFrameMedianMs, unit: "ms", display: `${oneDecimal(variant.keystrokeToFrameMedianMs)}${range(frames, oneDecimal)}; control ${oneDecimal(median(controlFrames))}${range(controlFrames, oneDecimal)}` },
      withBudget({ id: `${variant.route} keystrokeOverControl`, label: `${variant.route} keystroke → next frame over the control's`, value: variant.keystrokeOverControlMs, unit: "ms", display: `${variant.keystrokeOverControlMs >= 0 ? "+" : "−"}${oneDecimal(Math.abs(variant.keystrokeOverControlMs))}` }, "<=", budgets.keystrokeOverControlMsMax, `≤ ${budgets.keystrokeOverControlMsMax} ms`),
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

  return figures;
}
