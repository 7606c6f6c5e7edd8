/**
 * `npm run bench:once [-- --rounds 5]` (its command line: once-submit.ts): does the bot check add a wait at
 * submit? In Chromium on the phone profile (412×823, 4x CPU throttling, a
 * slow-4G network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), a
 * respondent answers a two-question survey and presses Enviar once at least
 * 10 s have passed since the page started loading; the time from that press
 * to the thank-you page is measured with the bot check on
 * (tests/fixtures/surveys/once/bot-check.json) and off (no-once.json, the
 * same questions), in alternate rounds, each in a fresh browser context.
 * Also printed: how long the worker took to solve the challenge (the
 * solution's own `took`), which runs in the background while the respondent
 * answers. Everything runs on loopback against a throw-away stack (the local
 * data API in memory, a production build of those fixture surveys).
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startStack } from "../../tests/e2e/support/stack.ts";
import { loadSurveyFile, type Survey } from "../../tests/e2e/support/survey.ts";
import { CHROME_FLAGS, CHROMIUM_PATH, SLOW_4G, median } from "./common.ts";
import { CPU_THROTTLING } from "./interaction.ts";
import { REPO_ROOT } from "./build.ts";

const RESPONDENT_MS = 10_000;

const FIXTURES = join(REPO_ROOT, "tests/fixtures/surveys/once");
const variants: { label: string; survey: Survey }[] = [
  { label: "bot check on ", survey: loadSurveyFile(join(FIXTURES, "bot-check.json")) },
  { label: "bot check off", survey: loadSurveyFile(join(FIXTURES, "no-once.json")) },
];

/** One respondent: the submit-to-thank-you time, and the worker's solving time when the response carried a solution. */
async function respond(browser: Browser, baseURL: string, survey: Survey): Promise<{ submitMs: number; solvedMs: number | null }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale: "es-ES", reducedMotion: "reduce" });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    let solvedMs: number | null = null;
    page.on("request", (request) => {
      const body = request.method() === "POST" && request.url().includes(`/rest/v1/${survey.table}`) ? request.postDataJSON() : null;
      if (body?.altcha) solvedMs = JSON.parse(Buffer.from(body.altcha, "base64").toString("utf8")).took;
    });
    const opened = Date.now();
    await page.goto(`${baseURL}${survey.route}`);
    await page.getByRole("textbox", { name: survey.questions[0]!.title }).fill("Ana");
    await page.getByRole("button", { name: survey.messages.next }).click();
    await page.getByRole("radio", { name: "Sí" }).check();
    await page.waitForTimeout(Math.max(0, RESPONDENT_MS - (Date.now() - opened)));
    const pressed = Date.now();
    await page.getByRole("button", { name: survey.messages.submit }).click();
    await page.waitForURL((url) => url.pathname !== survey.route, { timeout: 60_000 });
    return { submitMs: Date.now() - pressed, solvedMs };
  } finally {
    await context.close();
  }
}

/** The rounds, bot check on and off alternately, and the figures printed. */
export async function onceBench(rounds: number): Promise<void> {
  const stack = await startStack({ surveysDir: FIXTURES });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS, headless: true });
  try {
    const results = new Map(variants.map(({ label }) => [label, [] as { submitMs: number; solvedMs: number | null }[]]));
    for (let round = 1; round <= rounds; round++) {
      for (const { label, survey } of round % 2 ? variants : [...variants].reverse()) {
        const result = await respond(browser, stack.baseURL, survey);
        results.get(label)!.push(result);
        console.error(`round ${round}/${rounds} ${label}: submit → thank you ${result.submitMs} ms${result.solvedMs === null ? "" : `, solved in ${result.solvedMs} ms`}`);
      }
    }
    console.log(`Submit → thank-you page, phone profile (${CPU_THROTTLING}x CPU, slow 4G), Enviar pressed ≥ ${RESPONDENT_MS / 1000} s after opening, ${rounds} rounds, Chromium ${browser.version()}:`);
    for (const [label, list] of results) {
      const solved = list.flatMap(({ solvedMs }) => (solvedMs === null ? [] : [solvedMs]));
      console.log(`  ${label}: median ${median(list.map(({ submitMs }) => submitMs)).toFixed(0)} ms (each: ${list.map(({ submitMs }) => submitMs).join(", ")})${solved.length ? `; challenge solved in the background in median ${median(solved).toFixed(0)} ms` : ""}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}
