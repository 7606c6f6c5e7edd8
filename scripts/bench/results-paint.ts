/**
 * The results site's first paint after sign-in, in real Chromium: the site
 * built with `vite build` against the bench's data API, served as
 * production serves it (scripts/serve-dist.ts), opened with the member's
 * sign-in link (the session in the address's fragment, as Supabase Auth's
 * magic link leaves it) in a fresh browser each run (no cache, no stored
 * session), on a phone-sized page as the other benches' pages. Timed from
 * the navigation's start until the frame after the summary's responses
 * figure holds a number: what the member waits for before reading.
 */
import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import { chromium } from "playwright-core";
import { createStaticServer } from "../serve-dist.ts";
import { localSignInLink } from "../team/local-session.ts";
import { buildProduction } from "./build.ts";
import { RESULTS_PATH } from "../vite-plugin-results-site.ts";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./common.ts";

/** What the page writes on its console once the figure is painted, followed by the time. */
const PAINTED = "results figure painted at ";

/**
 * Installed before the page's scripts: writes the time of the frame after #stat-responses first shows a digit on the console.
 * The bench waits for that message instead of polling the page (page.waitForFunction), whose script Playwright injects into
 * the page while it loads: 50–100 ms of the page's main thread that a member's browser does not spend.
 */
function watchFigure(painted: string): void {
  const observer = new MutationObserver(() => {
    if (!/\d/.test(document.querySelector("#stat-responses dd")?.textContent ?? "")) return;
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
}

/** The results site built against the bench's data API and served as production serves it, its files compressed once. */
export interface ServedResultsSite {
  url: string;
  stop(): void;
}

export async function serveResultsSite(dataApi: { url: string; anonKey: string }): Promise<ServedResultsSite> {
  const built = await buildProduction({ dataApi });
  const server = createStaticServer(built.outDir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The site's files compressed once before the first run, as a host serves them: brotli at its best quality took
  // the first run's server some 300 ms for the app's chunk, which the cold figure then counted as the browser's.
  const site = join(built.outDir, RESULTS_PATH);
  for (const file of readdirSync(site, { recursive: true, encoding: "utf8" }).filter((name) => extname(name))) {
    await (await fetch(`${url}/${RESULTS_PATH}/${file.replaceAll("\\", "/")}`, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  }
  return { url, stop: () => (server.close(), built.remove()) };
}

export async function resultsFirstPaint({ site, dataApi, email, runs }: { site: ServedResultsSite; dataApi: { url: string }; email: string; runs: number }): Promise<PaintRun[]> {
  const results: PaintRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
    try {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale: "pt-BR" });
      await page.addInitScript("globalThis.__name ??= (target) => target;");
      await page.addInitScript(watchFigure, PAINTED);
      const painted = page.waitForEvent("console", { predicate: (message) => message.text().startsWith(PAINTED), timeout: 60_000 });
      await page.goto(localSignInLink(site.url, email, { projectUrl: dataApi.url }), { waitUntil: "commit" });
      const ms = Number((await painted).text().slice(PAINTED.length));
      results.push({ ms, figure: (await page.locator("#stat-responses dd").textContent()) ?? "" });
    } finally {
      await browser.close();
    }
  }
  return results;
}
