/**
 * Lighthouse 12 (node API) in Debian's Chromium through chrome-launcher: the
 * default config, which is the mobile preset with simulated throttling,
 * categories performance and accessibility. One warm-up run is not counted;
 * then runs alternate between routes so that a burst of load on the machine
 * does not hit one route's runs only.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, CHROME_FLAGS, median } from "./common.ts";

export interface LighthouseRun {
  route: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster; a phone-class device is ~1000). */
  benchmarkIndex?: number;
  warnings: string[];
}

export type LighthouseFigures = Omit<LighthouseRun, "route" | "warnings" | "benchmarkIndex">;

const FIGURES: (keyof LighthouseFigures)[] = ["performance", "accessibility", "fcpMs", "lcpMs", "speedIndexMs", "tbtMs", "cls"];

/** Each figure's median across runs (not the figures of the median run). */
export function medianFigures(runs: LighthouseRun[]): LighthouseFigures {
  return Object.fromEntries(FIGURES.map((figure) => [figure, median(runs.map((run) => run[figure]))])) as unknown as LighthouseFigures;
}

export async function runLighthouse(baseUrl: string, routes: string[], runs: number, log: (line: string) => void): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const results: LighthouseRun[] = [];
  const audit = (route: string) =>
    lighthouse(new URL(route, baseUrl).href, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
  try {
    // A fresh Chromium's first page load is slower than the rest (its own start-up work): one run not counted.
    const warmUpStarted = performance.now();
    await audit(routes[0]!);
    log(`lighthouse warm-up run (not counted): ${((performance.now() - warmUpStarted) / 1000).toFixed(1)} s`);
    for (let round = 1; round <= runs; round++) {
      for (const route of routes) {
        const started = performance.now();
        const result = await audit(route);
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${route}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const score = (id: string) => {
          const value = lhr.categories[id]?.score;
          if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} score for ${route}`);
          return Math.round(value * 100);
        };
        const numeric = (id: string) => {
          const value = lhr.audits[id]?.numericValue;
          if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} value for ${route}: ${lhr.audits[id]?.errorMessage ?? "missing"}`);
          return value;
        };
        const run: LighthouseRun = {
          route,
          performance: score("performance"),
          accessibility: score("accessibility"),
          fcpMs: Math.round(numeric("first-contentful-paint")),
          lcpMs: Math.round(numeric("largest-contentful-paint")),
          speedIndexMs: Math.round(numeric("speed-index")),
          tbtMs: Math.round(numeric("total-blocking-time")),
          cls: numeric("cumulative-layout-shift"),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          warnings: lhr.runWarnings,
        };
        if (run.accessibility < 100) {
          const failing = Object.values(lhr.audits).filter((audit) => audit.score === 0 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
          run.warnings.push(...failing.map((audit) => `accessibility audit failed: ${audit.id} (${audit.title})`));
        }
        results.push(run);
        log(
          `lighthouse ${route} run ${round}/${runs}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
            `LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
