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
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { createStaticServer } from "../serve-dist.ts";
import { localSignInLink } from "../team/local-session.ts";
import { buildProduction } from "./build.ts";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./common.ts";

/** Installed before the page's scripts: the time of the frame after #stat-responses first shows a digit. */
function watchFigure(): void {
  const state = globalThis as unknown as { figurePaintedAt?: number };
  const observer = new MutationObserver(() => {
    if (!/\d/.test(document.querySelector("#stat-responses dd")?.textContent ?? "")) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (state.figurePaintedAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

export interface PaintRun {
  /** Navigation start to the painted figure, in milliseconds. */
  ms: number;
  /** The figure as shown (e.g. "1.011.126"). */
  figure: string;
}

export async function resultsFirstPaint({ dataApi, email, runs }: { dataApi: { url: string; anonKey: string }; email: string; runs: number }): Promise<PaintRun[]> {
  const built = await buildProduction({ dataApi });
  const server = createStaticServer(built.outDir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const results: PaintRun[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
      try {
        const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale: "pt-BR" });
        await page.addInitScript("globalThis.__name ??= (target) => target;");
        await page.addInitScript(watchFigure);
        await page.goto(localSignInLink(siteUrl, email, { projectUrl: dataApi.url }));
        const painted = await page.waitForFunction(() => (globalThis as unknown as { figurePaintedAt?: number }).figurePaintedAt, undefined, { timeout: 60_000 });
        results.push({ ms: (await painted.jsonValue()) as number, figure: (await page.locator("#stat-responses dd").textContent()) ?? "" });
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
    built.remove();
  }
  return results;
}
