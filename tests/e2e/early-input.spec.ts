/**
 * Input made on the prerendered page before its script has run is honoured
 * once it has, on a phone profile: Chromium's own throttling at 150 ms round
 * trip, 1.6 Mbps and 4x CPU, as Lighthouse's mobile preset. Each test checks
 * that the page had not hydrated yet when it tapped or typed, else it would
 * prove nothing.
 * Surveys whose first question is a radio, a checkbox and a select come from
 * a fixture set (tests/fixtures/surveys/first-choice), on the shared fixtures stack.
 */
import type { Locator, Page } from "@playwright/test";
import { waitForOneRow } from "./support/db.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import type { StackAddresses } from "./support/env.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurvey, titleOf, uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE = "tests/fixtures/surveys/first-choice";

test.use({ reducedMotion: "reduce", hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });

/** Lighthouse's mobile profile, by Chromium's own throttling; returns the call that lifts it. */
async function throttle(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  };
}

/** React marks each element it has hydrated with its props. */
const isHydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")));

/**
 * Opens the page throttled and waits until `first` shows, then 300 ms more, as a respondent who reads and taps.
 * The scripts are held back until the test releases them: on a fast or a busy machine alike, what the test does
 * before is done before hydration.
 */
async function openThrottled(page: Page, url: string, first: (page: Page) => Locator): Promise<{ release: () => void; unthrottle: () => Promise<void> }> {
  // Each tap notes whether React had hydrated its target by then.
  await page.addInitScript(() => {
    const taps: boolean[] = ((window as unknown as { __taps: boolean[] }).__taps = []);
    window.addEventListener("pointerdown", (event) => taps.push(Object.keys(event.target as object).some((key) => key.startsWith("__reactProps"))), true);
  });
  const release = await holdScripts(page);
  const unthrottle = await throttle(page);
  await page.goto(url, { waitUntil: "commit" });
  await expect(first(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(300);
  return { release, unthrottle };
}

/**
 * Taps each target in turn as a finger does (no waiting for it to be enabled: a disabled button takes a tap too), or
 * types a text into the box tapped last, and checks that every tap came before hydration.
 */
async function tapBeforeHydration(page: Page, ...steps: (Locator | string)[]): Promise<void> {
  const boxes = await Promise.all(steps.map((step) => (typeof step === "string" ? step : step.boundingBox())));
  for (const box of boxes) {
    if (typeof box === "string") await page.keyboard.insertText(box);
    else await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
  }
  const taps = steps.filter((step) => typeof step !== "string").map(() => false);
  expect(await page.evaluate(() => (window as unknown as { __taps: boolean[] }).__taps), "taps that reached a hydrated page (else this test proves nothing)").toEqual(taps);
}

const stage = (page: Page) => page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 });

/** Answers question 2 (the name), sends, and checks that exactly one row and one insert reached the data API. */
async function finishAndCountOnce(page: Page, stack: StackAddresses, survey: Survey, expected: string | string[]): Promise<void> {
  const name = uniqueName("early-input");
  const inserts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes(`/rest/v1/${survey.table}`)) inserts.push(request.url());
  });
  await page.getByRole("textbox", { name: titleOf(survey, survey.questions[1]!) }).fill(name);
  await page.getByRole("button", { name: survey.messages.submit }).click();
  await expect(page).toHaveURL((url) => url.pathname === survey.thankYou.path, { timeout: 15_000 });
  const row = await waitForOneRow({ apiUrl: stack.api.url, serviceRoleKey: stack.api.serviceRoleKey }, survey.table, name);
  expect(row.canal).toEqual(expected);
  expect(inserts, "one insert sent").toHaveLength(1);
}

test.describe("a survey whose first question is a choice (fixture surveys)", () => {
  const spec = fixtureStack(FIXTURE);

  test("radio: an option tapped 300 ms after it shows is chosen after hydration, and Próximo tapped before hydration moves on; one row", async ({ page }) => {
    const survey = loadSurvey("radio-first", FIXTURE);
    const option = (p: Page) => p.getByRole("radio", { name: "Un amigo" });
    const { release, unthrottle } = await openThrottled(page, spec.stack.baseURL + survey.route, option);
    await tapBeforeHydration(page, option(page), page.getByRole("button", { name: survey.messages.next }));
    release();
    await expect(stage(page)).toHaveText(titleOf(survey, survey.questions[1]!), { timeout: 20_000 });
    await unthrottle();
    await page.getByRole("button", { name: survey.messages.previous }).click();
    await expect(option(page), "the tapped option is the answer").toBeChecked();
    await page.getByRole("button", { name: survey.messages.next }).click();
    await finishAndCountOnce(page, spec.stack, survey, "Un amigo");
  });

  test("checkbox: a box tapped twice (nothing seemed to happen) before hydration is checked once after it; one row", async ({ page }) => {
    const survey = loadSurvey("checkbox-first", FIXTURE);
    const box = (p: Page) => p.getByRole("checkbox", { name: "Instagram" });
    const { release, unthrottle } = await openThrottled(page, spec.stack.baseURL + survey.route, box);
    await tapBeforeHydration(page, box(page), box(page));
    release();
    await expect.poll(() => isHydrated(box(page)), { message: "the page hydrates", timeout: 20_000 }).toBe(true);
    await expect(box(page)).toBeChecked();
    await unthrottle();
    await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await page.getByRole("button", { name: survey.messages.next }).click();
    await finishAndCountOnce(page, spec.stack, survey, ["Instagram"]);
  });

  test("select: the drop-down tapped 300 ms after it shows opens after hydration, and the option tapped then is chosen; one row", async ({ page }) => {
    const survey = loadSurvey("select-first", FIXTURE);
    const trigger = (p: Page) => p.getByRole("combobox", { name: titleOf(survey, survey.questions[0]!) });
    const { release, unthrottle } = await openThrottled(page, spec.stack.baseURL + survey.route, trigger);
    await tapBeforeHydration(page, trigger(page));
    release();
    await expect(page.getByRole("listbox"), "the list opens once the page has hydrated").toBeVisible({ timeout: 20_000 });
    await unthrottle();
    await page.getByRole("option", { name: "Otro medio" }).tap();
    await expect(trigger(page)).toHaveText(/Otro medio/);
    await page.getByRole("button", { name: survey.messages.next }).tap();
    await finishAndCountOnce(page, spec.stack, survey, "Otro medio");
  });
});

test.describe("/foreign-form (a text question first)", () => {
  const survey = loadSurvey("foreign-form");
  const box = (p: Page) => p.getByRole("textbox", { name: titleOf(survey, survey.questions[0]!) });

  test("a name typed and Enter pressed at once, before hydration, reach question 2", async ({ page }) => {
    const { release, unthrottle } = await openThrottled(page, survey.route, box);
    await box(page).pressSequentially("Maria Perez");
    await box(page).press("Enter");
    expect(await isHydrated(box(page)), "the page has not hydrated yet when Enter is pressed").toBe(false);
    release();
    await expect(stage(page)).toHaveText(titleOf(survey, survey.questions[1]!), { timeout: 20_000 });
    await unthrottle();
    await page.getByRole("button", { name: survey.messages.previous }).click();
    await expect(box(page)).toHaveValue("Maria Perez");
  });

  test("Próximo tapped before hydration, after the name, reaches question 2", async ({ page }) => {
    const { release } = await openThrottled(page, survey.route, box);
    await tapBeforeHydration(page, box(page), "Maria Perez", page.getByRole("button", { name: survey.messages.next }));
    release();
    await expect(stage(page)).toHaveText(titleOf(survey, survey.questions[1]!), { timeout: 20_000 });
  });
});
