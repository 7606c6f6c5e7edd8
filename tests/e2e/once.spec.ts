/**
 * One response per person and the bot check in a real browser against the
 * real data API, with the fixture surveys of tests/fixtures/surveys/once
 * (never shipped). Each asks a required text (a name, an e-mail) and a
 * radio ("¿Te gustó?"). The shared fixture fails a test on any CSP
 * violation, so the bot check's worker runs under the site's policy.
 */
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { psql } from "../../scripts/data-api/psql.ts";
import { LINK_PARAMETER } from "../../src/core/once.ts";
import { axeViolations } from "./support/axe.ts";
import { rowsByName } from "./support/db.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, uniqueName, type Survey } from "./support/survey.ts";
import { expect, PHONE, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/once");
const browserOnce = loadSurveyFile(join(FIXTURE_DIR, "once-browser.json"));
const linkOnce = loadSurveyFile(join(FIXTURE_DIR, "once-link.json"));
const fieldOnce = loadSurveyFile(join(FIXTURE_DIR, "once-field.json"));
const fieldOncePartial = loadSurveyFile(join(FIXTURE_DIR, "once-field-partial.json"));
const botCheck = loadSurveyFile(join(FIXTURE_DIR, "bot-check.json"));

test.use({ reducedMotion: "reduce", viewport: PHONE });

// A build of its own on a shared two-core machine: generous time to start.
const spec = fixtureStack(FIXTURE_DIR);
const access = () => ({ apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey });

/** Types `first` into the first question, chooses "Sí", and presses Enviar. */
async function answerAndSubmit(page: Page, survey: Survey, first: string): Promise<void> {
  await page.getByRole("textbox", { name: survey.questions[0]!.title }).fill(first);
  await page.getByRole("button", { name: survey.messages.next }).click();
  await page.getByRole("radio", { name: "Sí" }).check();
  await page.getByRole("button", { name: survey.messages.submit }).click();
}

/** The notice at the bottom of the screen (screen readers get the same words from its live region). */
const toast = (page: Page, text: string) => page.locator(".toast").getByText(text);

/** The survey's thank-you page reached: the response was stored. */
const thanked = (page: Page, survey: Survey) => expect(page).toHaveURL(new RegExp(`${survey.thankYou.path}$`), { timeout: 30_000 });

const open = async (page: Page, survey: Survey, search = "") => {
  await page.goto(`${spec.stack.baseURL}${survey.route}${search}`);
  // Live: React has taken over the question's input, or has put up the once notice instead (only React draws it).
  await page.waitForFunction(() => {
    const input = document.querySelector(".question input, .question [role=radio]");
    return document.querySelector(".once-notice") !== null || (input !== null && Object.keys(input).some((key) => key.startsWith("__react")));
  });
};

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toBe("");
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: "reduce" });
  return context.newPage();
}

test("browser: after a response the same browser is told before it starts, with what it sent; another browser may answer", async ({ page, browser }) => {
  const name = uniqueName("once");
  await open(page, browserOnce);
  await answerAndSubmit(page, browserOnce, name);
  await thanked(page, browserOnce);
  expect(await rowsByName(access(), browserOnce.table, name)).toHaveLength(1);

  await open(page, browserOnce);
  await expect(page.getByRole("heading", { name: browserOnce.messages.onceAnsweredTitle })).toBeVisible();
  await expect(page.getByText(browserOnce.messages.onceAnsweredDescription!)).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole("button", { name: browserOnce.messages.next })).toHaveCount(0);
  await expectAxeClean(page);

  const other = await freshPage(browser);
  await open(other, browserOnce);
  await expect(other.getByRole("textbox", { name: browserOnce.questions[0]!.title })).toBeVisible();
  await other.context().close();
});

test("browser: a second response the page did not see coming (another tab) is refused by the database in Spanish, the answers kept", async ({ page }) => {
  const name = uniqueName("once");
  await open(page, browserOnce);
  await answerAndSubmit(page, browserOnce, name);
  await thanked(page, browserOnce);
  // The tab that was open before: it has the browser key but not the record of what was sent.
  await page.evaluate((id) => {
    const record = JSON.parse(localStorage.getItem(`once:${id}`)!);
    localStorage.setItem(`once:${id}`, JSON.stringify({ key: record.key }));
  }, browserOnce.id);
  await open(page, browserOnce);
  await answerAndSubmit(page, browserOnce, `${name} bis`);
  await expect(toast(page, browserOnce.messages.onceAnsweredTitle!)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Sí" })).toBeChecked();
  expect(await rowsByName(access(), browserOnce.table, `${name} bis`)).toHaveLength(0);
});

test("link: without a personal link the page says so; a forged one is refused; a real one is stored once and then told", async ({ page }) => {
  await open(page, linkOnce);
  await expect(page.getByText(linkOnce.messages.onceLinkNeeded!)).toBeVisible();
  await expectAxeClean(page);

  const [token] = (await psql(spec.stack.api.dbUrl, ["--tuples-only", "--no-align", "--command", `select survey_private.mint_links('${linkOnce.table}', 1)`])).trim().split("\n");
  const forged = `${token!.slice(0, -2)}xx`;
  const name = uniqueName("once");
  await open(page, linkOnce, `?${LINK_PARAMETER}=${forged}`);
  await answerAndSubmit(page, linkOnce, name);
  await expect(toast(page, linkOnce.messages.onceLinkNeeded!)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Sí" })).toBeChecked();

  // Opened again from the real link: the draft brings the answers back at the last question; Enviar is all it takes.
  await open(page, linkOnce, `?${LINK_PARAMETER}=${token}`);
  await expect(page.getByRole("radio", { name: "Sí" })).toBeChecked();
  await page.getByRole("button", { name: linkOnce.messages.submit }).click();
  await thanked(page, linkOnce);
  expect(await rowsByName(access(), linkOnce.table, name)).toHaveLength(1);
  await open(page, linkOnce, `?${LINK_PARAMETER}=${token}`);
  await expect(page.getByRole("heading", { name: linkOnce.messages.onceAnsweredTitle })).toBeVisible();
});

test("field: the same e-mail in another case from another browser is refused in Spanish, the answers kept", async ({ page, browser }) => {
  const local = uniqueName("once").toLowerCase().replace(/[^a-z0-9]/g, "");
  await open(page, fieldOnce);
  await answerAndSubmit(page, fieldOnce, `${local}@example.com`);
  await thanked(page, fieldOnce);

  const other = await freshPage(browser);
  await open(other, fieldOnce);
  await answerAndSubmit(other, fieldOnce, `${local.toUpperCase()}@example.com`);
  await expect(toast(other, fieldOnce.messages.onceFieldTaken!)).toBeVisible();
  await expect(other.getByRole("radio", { name: "Sí" })).toBeChecked();
  expect(await rowsByName(access(), fieldOnce.table, `${local}@example.com`, "correo")).toHaveLength(1);
  await other.context().close();
});

test("field with partial responses: the e-mail saved at a step, the final save of a second browser with it is refused in Spanish, the answers kept", async ({ page, browser }) => {
  const email = `${uniqueName("parcial").toLowerCase().replace(/[^a-z0-9]/g, "")}@example.com`;
  await open(page, fieldOncePartial);
  await answerAndSubmit(page, fieldOncePartial, email);
  await thanked(page, fieldOncePartial);

  const other = await freshPage(browser);
  await open(other, fieldOncePartial);
  await answerAndSubmit(other, fieldOncePartial, ` ${email.toUpperCase()}`);
  await expect(toast(other, fieldOncePartial.messages.onceFieldTaken!)).toBeVisible();
  await expect(other.getByRole("radio", { name: "Sí" })).toBeChecked();
  const rows = await rowsByName(access(), fieldOncePartial.table, email, "correo");
  expect(rows.filter((row) => String(row.finished) === "true")).toHaveLength(1);
  await other.context().close();
});

test("bot check: solved in the background under the site's CSP; the response is stored without the solution", async ({ page }) => {
  test.setTimeout(300_000);
  const name = uniqueName("once");
  const challenge = page.waitForResponse((response) => response.url().endsWith("/rpc/altcha_challenge"));
  await open(page, botCheck);
  expect((await challenge).status()).toBe(200);
  await answerAndSubmit(page, botCheck, name);
  // The worker's search (about 25,000 SHA-256 on average) can take long on a loaded test machine; a phone does it while the respondent reads.
  await expect(page).toHaveURL(new RegExp(`${botCheck.thankYou.path}$`), { timeout: 180_000 });
  const rows = await rowsByName(access(), botCheck.table, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.altcha).toBeNull();
  await open(page, botCheck);
  await expectAxeClean(page);
});
