/**
 * Every page under the headers the build wrote (support/test.ts fails any
 * test on a policy violation; this spec visits each kind of page once on
 * purpose): both surveys, the thank-you page and the 404 page. And the local
 * server sends, for every path, exactly what `_headers` (Netlify, Cloudflare
 * Pages) and `vercel.json` say a host sends.
 */
import { parseHeadersFile, headersFor } from "../../scripts/security-headers/headers-file.ts";
import { SurveyDriver } from "./support/driver.ts";
import { indexOfType, makePlan, SURVEYS, titleOf, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

type VercelRule = { source: string; headers: { key: string; value: string }[] };

/** What Vercel sends for a path: every rule whose source matches, the later winning. */
function vercelHeaders(rules: VercelRule[], path: string): Record<string, string> {
  const matching = rules.filter((rule) => rule.source === "/(.*)" || rule.source === path.replace(/(.)\/$/, "$1"));
  return Object.fromEntries(matching.flatMap((rule) => rule.headers.map(({ key, value }) => [key.toLowerCase(), value])));
}

const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

for (const survey of SURVEYS) {
  test(`${survey.route}: the survey works under its policy`, async ({ page }) => {
    const response = await page.goto(survey.route);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(survey, survey.questions[0]!));
    await page.getByRole("textbox").first().fill("Ana Souza");
    await expect(page.getByText(survey.messages.hintReady)).toBeVisible();
    await page.getByRole("textbox").first().press("Enter");
    await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(survey, survey.questions[1]!));
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /\d/);
  });
}

test("an open select list still keeps the page from scrolling behind it, without a <style> element", async ({ page }) => {
  const survey = SURVEYS[1]!;
  const driver = new SurveyDriver(page, survey, "mouse");
  const select = indexOfType(survey, "select");
  await driver.open();
  await driver.fillUntil(makePlan(survey, uniqueName("csp"), "plain", (slider) => slider.default), select);
  const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflowY);
  await driver.input(select).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect.poll(bodyOverflow).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect.poll(bodyOverflow).not.toBe("hidden");
});

test("the thank-you page and the 404 page show under their policy", async ({ page }) => {
  const survey = SURVEYS[0]!;
  await page.goto(survey.thankYou.path);
  await expect(page.getByRole("heading", { level: 1, name: survey.thankYou.heading })).toBeVisible();
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { level: 1, name: survey.notFound.heading })).toBeVisible();
});

test("the local server sends for each path what _headers and vercel.json say", async ({ request }) => {
  const headersFile = parseHeadersFile(await (await request.get("/_headers")).text());
  const vercel = ((await (await request.get("/vercel.json")).json()) as { headers: VercelRule[] }).headers;
  const pages = [...SURVEYS.map((survey) => survey.route), SURVEYS[0]!.thankYou.path, "/no-such-page", "/foreign-form/"];
  const asset = (await (await request.get("/")).text()).match(/\/assets\/[^" ]+\.js/)?.[0];
  expect(asset, "the page names its script").toBeDefined();
  for (const path of [...pages, asset!]) {
    const sent = (await request.head(path)).headers();
    const expected = lowerCased(headersFor(headersFile, path));
    expect(Object.keys(expected).sort(), `${path}: the headers _headers gives`).toEqual(["content-security-policy", "permissions-policy", "referrer-policy", "x-content-type-options"]);
    expect(vercelHeaders(vercel, path), `${path}: vercel.json says what _headers says`).toEqual(expected);
    for (const [name, value] of Object.entries(expected)) expect(sent[name], `${path}: ${name} as sent`).toBe(value);
    expect(sent["content-security-policy"], `${path}: nothing inline is allowed wholesale`).not.toMatch(/unsafe-inline|unsafe-eval/);
  }
});
