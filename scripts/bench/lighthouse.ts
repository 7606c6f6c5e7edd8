/**
 * Lighthouse 12 (node API) in Debian's Chromium through chrome-launcher: the
 * default config, which is the mobile preset with simulated throttling,
 * categories performance and accessibility. One warm-up run is not counted;
 * then each round audits every page once — the control page (see
 * scripts/bench/control/) first, then each route — so that a burst of load
 * on the machine hits the control and the app alike.
 *
 * Besides the metrics, each run keeps what explains its LCP: Lighthouse's
 * breakdown (time to first byte, then render delay for a text element) and,
 * from the trace, the requests that had finished before the observed largest
 * paint. Lighthouse's simulation counts exactly those (besides the document)
 * as needed for that paint, so an empty list means the simulated LCP is the
 * document and the first frame's own work, nothing the app could load later.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, CHROME_FLAGS, median } from "./common.ts";

export interface LighthouseRun {
  /** A route of the app, or "control". */
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
  /** LCP = ttfbMs + renderDelayMs (+ load delay and time, zero for a text element), simulated. */
  lcpBreakdown: { ttfbMs: number; loadDelayMs: number; loadTimeMs: number; renderDelayMs: number };
  /** The LCP element, as Lighthouse shows it. */
  lcpElement: string;
  /** Paths of the requests (the document aside) that had finished before the observed largest paint. */
  requestsBeforeLcp: string[];
  warnings: string[];
}

export type LighthouseFigures = Pick<LighthouseRun, "performance" | "accessibility" | "fcpMs" | "lcpMs" | "speedIndexMs" | "tbtMs" | "cls"> & { ttfbMs: number; renderDelayMs: number };

const FIGURES = ["performance", "accessibility", "fcpMs", "lcpMs", "speedIndexMs", "tbtMs", "cls"] as const;

/** Each figure's median across runs (not the figures of the median run). */
export function medianFigures(runs: LighthouseRun[]): LighthouseFigures {
  const medians = Object.fromEntries(FIGURES.map((figure) => [figure, median(runs.map((run) => run[figure]))])) as Pick<LighthouseFigures, (typeof FIGURES)[number]>;
  return { ...medians, ttfbMs: median(runs.map((run) => run.lcpBreakdown.ttfbMs)), renderDelayMs: median(runs.map((run) => run.lcpBreakdown.renderDelayMs)) };
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: { requestId?: string; url?: string } };
}

/** Paths of the requests that finished before the last largest-paint candidate of the trace (the document excluded). */
export function requestsBeforeLcp(events: TraceEvent[], documentUrl: string): string[] {
  const lcp = events.filter((event) => event.name === "largestContentfulPaint::Candidate").at(-1)?.ts;
  if (lcp === undefined) return [];
  const urls = new Map<string, string>();
  for (const event of events) if (event.name === "ResourceSendRequest" && event.args?.data?.requestId) urls.set(event.args.data.requestId, event.args.data.url ?? "");
  const finished = events.filter((event) => event.name === "ResourceFinish" && event.ts <= lcp).map((event) => urls.get(event.args?.data?.requestId ?? "") ?? "");
  return [...new Set(finished.filter((url) => url && url !== documentUrl).map((url) => (url.startsWith("http") ? new URL(url).pathname : url)))];
}

export interface AuditedPage {
  /** A route of the app, or "control". */
  label: string;
  url: string;
}

function lcpBreakdownOf(details: unknown): LighthouseRun["lcpBreakdown"] {
  const tables = (details as { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined)?.items ?? [];
  const phases = new Map(tables.flatMap((table) => table.items ?? []).filter((item) => item.phase).map((item) => [item.phase!, Math.round(item.timing ?? 0)]));
  return { ttfbMs: phases.get("TTFB") ?? Number.NaN, loadDelayMs: phases.get("Load Delay") ?? 0, loadTimeMs: phases.get("Load Time") ?? 0, renderDelayMs: phases.get("Render Delay") ?? Number.NaN };
}

/** One Lighthouse run of `url` in the Chromium listening on `port`. */
async function auditOnce(port: number, route: string, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
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
    lcpBreakdown: lcpBreakdownOf(lhr.audits["largest-contentful-paint-element"]?.details),
    lcpElement: ((lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? "").slice(0, 120),
    requestsBeforeLcp: requestsBeforeLcp((result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents, url),
    warnings: lhr.runWarnings,
  };
  if (run.accessibility < 100) {
    const failing = Object.values(lhr.audits).filter((audit) => audit.score === 0 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
    run.warnings.push(...failing.map((audit) => `accessibility audit failed: ${audit.id} (${audit.title})`));
  }
  return run;
}

const runLine = (run: LighthouseRun, round: number, runs: number, started: number) =>
  `lighthouse ${run.route} run ${round}/${runs}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
  `LCP ${run.lcpMs} ms (TTFB ${run.lcpBreakdown.ttfbMs} + render delay ${run.lcpBreakdown.renderDelayMs}; finished before it: ${run.requestsBeforeLcp.join(" ") || "nothing but the document"}), ` +
  `TBT ${run.tbtMs} ms, CLS ${run.cls.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(1)} s)`;

const launch = () => chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });

/** Warm: one Chromium for every run, after a warm-up run; each round audits every page once. */
export async function runLighthouse(pages: AuditedPage[], runs: number, log: (line: string) => void): Promise<LighthouseRun[]> {
  const chrome = await launch();
  const results: LighthouseRun[] = [];
  try {
    // A fresh Chromium's first page load is slower than the rest (its own start-up work): one run not counted.
    const warmUpStarted = performance.now();
    await auditOnce(chrome.port, pages[0]!.label, pages[0]!.url);
    log(`lighthouse warm-up run (not counted): ${((performance.now() - warmUpStarted) / 1000).toFixed(1)} s`);
    for (let round = 1; round <= runs; round++) {
      for (const { label, url } of pages) {
        const started = performance.now();
        const run = await auditOnce(chrome.port, label, url);
        results.push(run);
        log(runLine(run, round, runs, started));
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * Cold: as a respondent opens the survey once, in a browser that has never
 * seen its scripts — a fresh Chromium with a fresh profile (chrome-launcher's
 * own temporary one) for every run, no warm-up; each round audits every page once.
 */
export async function runLighthouseCold(pages: AuditedPage[], runs: number, log: (line: string) => void): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let round = 1; round <= runs; round++) {
    for (const { label, url } of pages) {
      const started = performance.now();
      const chrome = await launch();
      try {
        const run = await auditOnce(chrome.port, label, url);
        results.push(run);
        log(`cold ${runLine(run, round, runs, started)}`);
      } finally {
        chrome.kill();
      }
    }
  }
  return results;
}
