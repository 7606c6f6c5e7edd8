/**
 * The whole survey exported from the results site in real Chromium, as a
 * member clicks "Exportar CSV" on the responses view, while the page keeps
 * refreshing its numbers ("Atualizar agora" every few seconds, besides its
 * own refresh every 30 s): issue 54's "a member can export 1,000,000 rows
 * and keep refreshing". The export takes the path of the browsers without the
 * File System Access API (Firefox, Safari, phones): every page of rows a Blob
 * part until the download is saved, the path that keeps most in the browser.
 * The saved file's records are counted (quotes respected) against the rows
 * the database holds; every refresh's answer is recorded, so a refusal by
 * the members' rate limit (or any other) shows in the figure.
 */
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { chromium, type Response } from "playwright-core";
import { localSignInLink } from "../team/local-session.ts";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./common.ts";
import { withBudget, type Figure } from "./report.ts";
import type { BuiltSite } from "./results-paint.ts";

/** A click on "Atualizar agora" this often while the export runs. */
const REFRESH_EVERY_MS = 5_000;

export interface BrowserExport {
  seconds: number;
  /** Data records in the saved file (the header not counted). */
  records: number;
  bytes: number;
  /** The numbers' answers while the export ran, by HTTP status. */
  refreshes: Record<number, number>;
  /** The page's JavaScript heap, its largest sample while the export ran (MB). */
  heapMaxMb: number;
  /** What the page said went wrong, if anything. */
  alert?: string;
}

/** Records of a CSV file: line ends outside quoted fields, less the header's. */
async function csvRecords(file: string): Promise<{ records: number; bytes: number }> {
  let quoted = false;
  let lines = 0;
  let bytes = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (const byte of chunk) {
      if (byte === 34) quoted = !quoted;
      else if (byte === 10 && !quoted) lines += 1;
    }
    last = chunk.at(-1) ?? last;
  }
  return { records: lines + (last === 10 ? 0 : 1) - 1, bytes };
}

export async function exportInBrowser({ site, dataApi, email, survey, outDir }: { site: BuiltSite; dataApi: { url: string }; email: string; survey: string; outDir: string }): Promise<BrowserExport> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "pt-BR", acceptDownloads: true });
    await page.addInitScript("globalThis.__name ??= (target) => target;");
    // The browsers that cannot write into a picked file (Firefox, Safari, phones): the download path.
    await page.addInitScript("Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const refreshes: Record<number, number> = {};
    let exporting = false;
    page.on("response", (response: Response) => {
      if (exporting && response.url().endsWith("/rpc/results_numbers")) refreshes[response.status()] = (refreshes[response.status()] ?? 0) + 1;
    });
    await page.goto(localSignInLink(site.url, email, { projectUrl: dataApi.url }).replace("/resultados#", `/resultados/?survey=${survey}&view=responses#`));
    await page.locator(".responses li").first().waitFor({ timeout: 60_000 });
    const download = page.waitForEvent("download", { timeout: 30 * 60_000 });
    const started = performance.now();
    exporting = true;
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    let heapMax = 0;
    const sampler = setInterval(() => {
      void cdp.send("Performance.getMetrics").then(({ metrics }) => (heapMax = Math.max(heapMax, metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0)), () => undefined);
      void page.getByRole("button", { name: "Atualizar agora" }).click({ timeout: 2_000 }).catch(() => undefined);
    }, REFRESH_EVERY_MS);
    let saved: string;
    try {
      const file = await download;
      saved = join(outDir, "browser-export.csv");
      await file.saveAs(saved);
    } finally {
      clearInterval(sampler);
      exporting = false;
    }
    const seconds = (performance.now() - started) / 1000;
    const alert = (await page.getByRole("alert").allTextContents()).join(" ") || undefined;
    return { seconds, ...(await csvRecords(saved)), refreshes, heapMaxMb: heapMax / 1024 / 1024, ...(alert ? { alert } : {}) };
  } finally {
    await browser.close();
  }
}

/** The bench's figure: what went wrong (rows missing from the file, refreshes not answered 200), which must be nothing. */
export function browserExportFigure(run: BrowserExport, rows: number): Figure {
  const label = "the whole survey exported in Chromium (Exportar CSV, the download path) while the page refreshes its numbers: rows missing from the file plus refreshes not answered";
  const answered = Object.entries(run.refreshes).map(([status, count]) => `${count} × ${status}`).join(", ") || "none";
  const problems = Math.abs(rows - run.records) + Object.entries(run.refreshes).reduce((sum, [status, count]) => sum + (status === "200" ? 0 : count), 0) + (run.alert ? 1 : 0);
  const display = `${problems}: ${run.records.toLocaleString("en-US")} of ${rows.toLocaleString("en-US")} rows, ${(run.bytes / 1024 / 1024).toFixed(0)} MB in ${run.seconds.toFixed(0)} s; refreshes ${answered}; page heap max ${run.heapMaxMb.toFixed(0)} MB${run.alert ? `; the page said: ${run.alert.slice(0, 100)}` : ""}`;
  return withBudget({ id: "browserExport", label, value: problems, unit: "", display }, "<=", 0, "0");
}
