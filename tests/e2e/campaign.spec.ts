/**
 * The campaign, quotas and recall in a real browser against the real data
 * API, with the fixture surveys of tests/fixtures/surveys/campaign (never
 * shipped): "closed-form" (pt-BR) closed on 2026-01-01; "campaign-form" (es)
 * open until 2099 and taking one response. Both ask a name, then "¿Cuántos
 * años tienes, {answer:nomeCompleto|colega}?". "quota-poll" (es) takes one
 * response from Colombia and hides that option once full. Playwright's clock
 * moves the page's time; the database keeps its own.
 */
import { join } from "node:path";
import type { Page, Route } from "@playwright/test";
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import { storedDraft } from "./support/draft.ts";
import { waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/campaign");
const closed = loadSurveyFile(join(FIXTURE_DIR, "closed-form.json"));
const campaign = loadSurveyFile(join(FIXTURE_DIR, "campaign-form.json"));
const quotaPoll = loadSurveyFile(join(FIXTURE_DIR, "quota-poll.json"));

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** The survey open and hydrated (buttons work). */
const open = (page: Page, survey: Survey) => new SurveyDriver(page, survey, "mouse", spec.stack.baseURL).open();
const questionTitle = (page: Page) => page.locator(".question-stage").getByRole("heading", { level: 1 });
const notice = (page: Page, title: string) => page.getByRole("heading", { name: title });

/** Name (or nothing), Next, age, then submit. */
async function walk(page: Page, survey: Survey, name: string): Promise<void> {
  const nameBox = page.getByRole("textbox", { name: survey.questions[0]!.title });
  await nameBox.fill(name);
  await page.getByRole("button", { name: survey.messages.next }).click();
  await page.getByRole("spinbutton").fill("34");
  await page.getByRole("button", { name: survey.messages.submit }).click();
}

test("a survey past its closesAt shows the closed notice in its language, without a flash of the first question", async ({ page }) => {
  // The module scripts held back: what the prerendered page shows by itself, before any hydration.
  const held: Route[] = [];
  await page.route(/\.js$/, (route) => void held.push(route));
  await page.goto(`${spec.stack.baseURL}${closed.route}`, { waitUntil: "domcontentloaded" });
  await expect(notice(page, "Esta pesquisa já está encerrada")).toBeVisible();
  await expect(page.getByText(closed.messages.closedDescription)).toBeVisible();
  await expect(questionTitle(page)).toBeHidden();
  // Then hydrated: the same.
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute(/\.js$/);
  await expect(page.locator(".question-stage [role=textbox], .question-stage input")).toHaveCount(1);
  await expect(notice(page, closed.messages.closedTitle)).toBeVisible();
  await expect(questionTitle(page)).toBeHidden();
});

test("an anon insert into the closed survey is refused with the closed error", async () => {
  const response = await fetch(`${spec.stack.api.url}/rest/v1/${closed.table}`, {
    method: "POST",
    headers: { apikey: spec.stack.api.anonKey, "Content-Type": "application/json", Prefer: "return=minimal" },
    body: JSON.stringify({ id: crypto.randomUUID(), nome_completo: "Ana", idade: "30" }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: CAMPAIGN_ERROR_CODES.closed, message: expect.stringContaining("this survey is closed") });
});

test("with the page's clock before closesAt the closed survey opens; the database's refusal turns it to the notice, the answers kept in the draft", async ({ page }) => {
  await page.clock.install({ time: new Date("2025-12-20T12:00:00-03:00") });
  await open(page, closed);
  await walk(page, closed, "Ana");
  await expect(notice(page, closed.messages.closedTitle)).toBeVisible();
  await expect(questionTitle(page)).toBeHidden();
  await expect.poll(async () => (await storedDraft(page, closed))?.answers).toMatchObject({ nomeCompleto: "Ana", idade: "34" });
});

test("with the page's clock after closesAt the open survey shows its closed notice", async ({ page }) => {
  await page.clock.install({ time: new Date("2100-01-02T00:00:00Z") });
  await page.goto(`${spec.stack.baseURL}${campaign.route}`);
  await expect(notice(page, campaign.messages.closedTitle)).toBeVisible();
  await expect(questionTitle(page)).toBeHidden();
});

test('the age question says "colega" until the name is answered, then the name, as the characters typed', async ({ page }) => {
  await open(page, campaign);
  await page.getByRole("button", { name: campaign.messages.next }).click();
  await expect(questionTitle(page)).toHaveText("¿Cuántos años tienes, colega?");
  await expect(page.getByRole("spinbutton")).toHaveAttribute("placeholder", "Tu edad, colega");
  await page.getByRole("button", { name: campaign.messages.previous }).click();
  await page.getByRole("textbox", { name: campaign.questions[0]!.title }).fill("<b>x</b>");
  await page.getByRole("button", { name: campaign.messages.next }).click();
  await expect(questionTitle(page)).toHaveText("¿Cuántos años tienes, <b>x</b>?");
  await expect(questionTitle(page).locator("b")).toHaveCount(0);
});

test("inside the window the walk submits; once maxResponses is reached the next one shows the full notice and keeps its answers", async ({ browser, page }) => {
  const first = uniqueName("primera");
  await open(page, campaign);
  await walk(page, campaign, first);
  await expect(page).toHaveURL(new RegExp(`${campaign.thankYou.path}$`));
  await waitForOneRow(spec.access, campaign.table, first);

  const other = await browser.newPage({ reducedMotion: "reduce" });
  await open(other, campaign);
  await walk(other, campaign, "Segunda");
  await expect(notice(other, campaign.messages.fullTitle)).toBeVisible();
  await expect(questionTitle(other)).toBeHidden();
  await expect.poll(async () => (await storedDraft(other, campaign))?.answers).toMatchObject({ nomeCompleto: "Segunda" });
  await other.close();
});

test("a full quota turns the next respondent of its group to its screen-out page, and stops offering its option", async ({ browser, page }) => {
  // Both pages opened while the quota still has its place: both offer Colombia.
  const late = await browser.newPage({ reducedMotion: "reduce" });
  const [first, second] = [new SurveyDriver(page, quotaPoll, "mouse", spec.stack.baseURL), new SurveyDriver(late, quotaPoll, "mouse", spec.stack.baseURL)];
  await first.open();
  await second.open();
  const walk = async (driver: SurveyDriver, age: string) => {
    await driver.fillAll([{ type: "number", text: age }, { type: "radio", option: "Colombia" }, { type: "select", option: "Pediatría" }]);
    await driver.submit();
  };
  await walk(first, "40");
  await expect(page).toHaveURL(new RegExp(`${quotaPoll.route}/thank-you$`));
  await walk(second, "41");
  const screenOut = quotaPoll.screenOuts!.find((quota) => quota.id === "colombia")!.thankYou;
  await expect(late).toHaveURL(new RegExp(`${screenOut.path}$`));
  await expect(late.getByRole("heading", { name: screenOut.heading })).toBeVisible();
  await expect(late.getByText(screenOut.text)).toBeVisible();
  await late.close();
  // The next respondent is offered the other countries only.
  const next = await browser.newPage({ reducedMotion: "reduce" });
  const third = new SurveyDriver(next, quotaPoll, "mouse", spec.stack.baseURL);
  await third.open();
  await third.fillUntil([{ type: "number", text: "42" }], 1);
  await expect(next.getByRole("radio", { name: "Perú" })).toBeVisible();
  await expect(next.getByRole("radio", { name: "Colombia" })).toHaveCount(0);
  await next.close();
});
