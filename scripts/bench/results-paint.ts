/**
 * The results site's pages painted in real Chromium: the site built with
 * `vite build` against the bench's data API, served as production serves it
 * (scripts/serve-dist.ts), each run in a fresh browser, timed from the
 * navigation's start until the frame after a figure holds a number.
 *
 * - The team's site after sign-in (resultsFirstPaint): opened with the
 *   member's sign-in link (the session in the address's fragment, as
 *   Supabase Auth's magic link leaves it), no cache, no stored session, on a
 *   phone-sized page, until the summary's responses figure shows: what the
 *   member waits for before reading.
 * - A share link's page (sharedFirstPaint) on the phone profile (412×823,
 *   4x CPU, slow 4G, as bench:once), until its intro shows the link's
 *   responses: first in a browser that never saw it (its views already kept
 *   in the database: the first visitor after the link is made), then again
 *   in the same browser (its cache warm: the site's files and the numbers'
 *   answer kept for their minute, the page revalidated by its ETag), as a
 *   reader who comes back from the post.
 */
import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { createStaticServer } from "../serve-dist.ts";
import { localSignInLink } from "../team/local-session.ts";
import { buildProduction } from "./build.ts";
import { RESULTS_PATH } from "../vite-plugin-results-site.ts";
import { CHROME_FLAGS, CHROMIUM_PATH, SLOW_4G } from "./common.ts";
import { CPU_THROTTLING } from "./interaction.ts";

/** What the page writes on its console once the figure is painted, followed by the time. */
const PAINTED = "results figure painted at ";

/**
 * Installed before the page's scripts: writes the time of the frame after `selector` first shows a digit on the console.
 * The bench waits for that message instead of polling the page (page.waitForFunction), whose script Playwright injects into
 * the page while it loads: 50–100 ms of the page's main thread that a member's browser does not spend.
 */
function watchFigure([painted, selector]: [string, string]): void {
  const observer = new MutationObserver(() => {
    if (!/\d/.test(document.querySelector(selector)?.textContent ?? "")) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => console.debug(`${painted}${performance.now()}`), 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

export interface PaintRun {
  /** Navigation start to the painted figure, in milliseconds. */
  ms: number;
  /** The figure as shown (e.g. "1.011.126"). */
  figure: string;
  /** Bytes received over the network from the navigation's start until the paint (the phone profile only, else NaN). */
  bytes: number;
}

export interface BuiltSite {
  url: string;
  close(): void;
}

/** The production build served on loopback, every file of the results site compressed once before the first run. */
export async function serveResultsSite(dataApi: { url: string; anonKey: string }): Promise<BuiltSite> {
  const built = await buildProduction({ dataApi });
  const server = createStaticServer(built.outDir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As a host serves them: brotli at its best quality took the first run's server some 300 ms for the app's chunk,
  // which the cold figure then counted as the browser's.
  const site = join(built.outDir, RESULTS_PATH);
  for (const file of readdirSync(site, { recursive: true, encoding: "utf8" }).filter((name) => extname(name))) {
    await (await fetch(`${url}/${RESULTS_PATH}/${file.replaceAll("\\", "/")}`, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  }
  return { url, close: () => { server.close(); built.remove(); } };
}

/** One navigation of `page` to `url`, until `selector` shows a digit; `received` reads the bytes counted since the last call. */
async function paint(page: Page, url: string, selector: string, received: () => number): Promise<PaintRun> {
  const painted = page.waitForEvent("console", { predicate: (message) => message.text().startsWith(PAINTED), timeout: 60_000 });
  received();
  await page.goto(url, { waitUntil: "commit" });
  const ms = Number((await painted).text().slice(PAINTED.length));
  const bytes = received();
  return { ms, figure: (await page.locator(selector).textContent()) ?? "", bytes };
}

/** `runs` fresh browsers, each opening the page once per visit: the figures of visit 1, 2, … in each run. */
async function paintRuns(runs: number, visits: string[], selector: string, locale: string, phone: boolean): Promise<PaintRun[][]> {
  const results: PaintRun[][] = [];
  for (let run = 0; run < runs; run += 1) {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale });
      const page = await context.newPage();
      await page.addInitScript("globalThis.__name ??= (target) => target;");
      await page.addInitScript(watchFigure, [PAINTED, selector] as [string, string]);
      let bytes = phone ? 0 : NaN;
      if (phone) {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
        // What came over the network (a file from the browser's cache is 0, a 304 its headers).
        cdp.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
      }
      const received = () => {
        const counted = bytes;
        bytes = phone ? 0 : NaN;
        return counted;
      };
      const each: PaintRun[] = [];
      for (const url of visits) {
        // A new navigation each visit (not a reload, which revalidates what the page fetches): as a reader opens the link again.
        if (each.length) await page.goto("about:blank");
        each.push(await paint(page, url, selector, received));
      }
      results.push(each);
    } finally {
      await browser.close();
    }
  }
  return results;
}

export async function resultsFirstPaint({ site, dataApi, email, runs }: { site: BuiltSite; dataApi: { url: string }; email: string; runs: number }): Promise<PaintRun[]> {
  return (await paintRuns(runs, [localSignInLink(site.url, email, { projectUrl: dataApi.url })], "#stat-responses dd", "pt-BR", false)).map(([first]) => first!);
}

/** A share link's page (`address`, its token after #), opened twice per browser: [the first visit, the visit with the cache warm] of each run. */
export async function sharedFirstPaint({ address, runs }: { address: string; runs: number }): Promise<{ first: PaintRun; warm: PaintRun }[]> {
  return (await paintRuns(runs, [address, address], "#shared-intro", "es-ES", true)).map(([first, warm]) => ({ first: first!, warm: warm! }));
}
