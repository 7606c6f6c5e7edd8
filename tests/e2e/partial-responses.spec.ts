/**
 * Partial responses in a real browser against the real data API, with the
 * fixture survey of tests/fixtures/surveys/partial (never shipped; nine
 * questions, `partialResponses: true`): the row is on the server after each
 * step, a "continue later" link carries the response to another browser
 * (another device: nothing shared but the link), the final submit finishes
 * the same row, and then the link no longer opens it. The drop-off figures
 * see one visit: the link continues the visit its row began.
 */
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { rowsByName, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { expectedRow, loadSurveyFile, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/partial");
const survey = loadSurveyFile(join(FIXTURE_DIR, "partial-form.json"));
const ANSWERED = 7;

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** A page in a browser context of its own: another device, sharing nothing with the others. */
async function device(browser: Browser) {
  const context = await browser.newContext({ baseURL: spec.stack.baseURL, reducedMotion: "reduce", locale: "es-ES" });
  const page = await context.newPage();
  return { context, page, driver: new SurveyDriver(page, survey, "mouse", spec.stack.baseURL) };
}

test("7 answers and a closed tab leave an unfinished row; the link continues at question 8 in another browser with the 7 answers; finishing makes one finished row, and the link stops working", async ({ browser }) => {
  const name = uniqueName("parcial");
  const plan = makePlan(survey, name, "plain", () => 5);
  const full = expectedRow(survey, plan);
  const answeredColumns = new Set(survey.questions.slice(0, ANSWERED).map((question) => question.column ?? question.id.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()));

  // The first device: seven answers, then the tab is closed on question 8.
  const first = await device(browser);
  await first.driver.open();
  await first.driver.fillUntil(plan, ANSWERED);
  await first.page.close();

  // Each step's save runs in the background, in order: the row is there after the
  // first one, and says question 8 once the seventh has arrived.
  let partial = await waitForOneRow(spec.access, survey.table, name);
  await expect
    .poll(async () => (partial = await waitForOneRow(spec.access, survey.table, name)).last_step, { timeout: 10_000 })
    .toBe(survey.questions[ANSWERED]!.id);
  expect(partial.finished).toBe(false);
  for (const [column, value] of Object.entries(full)) {
    if (answeredColumns.has(column)) expect.soft(partial[column], column).toEqual(value);
  }
  expect(partial.idade).toBeNull();
  expect(partial.participar).toBeNull();
  const times = partial.question_ms as unknown as Record<string, number>;
  expect(Object.keys(times).sort()).toEqual(survey.questions.slice(0, ANSWERED).map((question) => question.id).sort());
  for (const ms of Object.values(times)) expect(Number.isInteger(ms) && ms >= 0).toBe(true);

  // Back on the first device (its draft resumes), the respondent asks for the link.
  const again = await first.context.newPage();
  await again.goto(survey.route);
  await new SurveyDriver(again, survey, "mouse", spec.stack.baseURL).expectQuestion(ANSWERED);
  await again.getByRole("button", { name: "Continuar más tarde" }).click();
  const link = await again.getByRole("textbox", { name: "Tu enlace para continuar" }).inputValue();
  expect(link).toContain(`${survey.route}#continuar=${partial.id}.`);
  await expect(again.getByRole("link", { name: "Enviar por WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*continuar/);
  await first.context.close();

  // The drop-off figures' visits (one row per visit id): the first device's is there before the link is opened.
  const visits = () => rowsByName(spec.access, "visits", survey.id, "survey_id");
  const visitOfRow = async () => (await rowsByName(spec.access, "visits", String(partial.visit_id), "visit_id"))[0];
  await expect.poll(async () => (await visitOfRow()) !== undefined, { message: "the first device's visit", timeout: 10_000 }).toBe(true);
  const visitsBefore = (await visits()).length;

  // Another device opens the link: question 8, with every answer before it.
  const second = await device(browser);
  await second.page.goto(link);
  await second.driver.expectQuestion(ANSWERED);
  await second.driver.waitUntilLive();
  expect(new URL(second.page.url()).hash, "the secret leaves the address bar").toBe("");
  for (let index = ANSWERED; index > 0; index--) {
    await second.driver.back(index);
    await second.driver.expectShown(index - 1, plan[index - 1]!);
  }
  for (let index = 0; index < ANSWERED; index++) await second.driver.next(index);
  await second.driver.answer(ANSWERED, plan[ANSWERED]!);
  await second.driver.next(ANSWERED);
  await second.driver.answer(ANSWERED + 1, plan[ANSWERED + 1]!);
  await second.driver.submit();
  await expect(second.page).toHaveURL(/thank-you/, { timeout: 15_000 });

  const finished = await waitForOneRow(spec.access, survey.table, name);
  expect(finished.id).toBe(partial.id);
  expect(finished.finished).toBe(true);
  for (const [column, value] of Object.entries(full)) expect.soft(finished[column], column).toEqual(value);
  expect(Object.keys(finished.question_ms as object).length).toBe(survey.questions.length);
  await second.context.close();
  // The second device continued the first one's visit: that visit was submitted, it reached the questions only the
  // second device saw, and no visit was started besides it.
  expect(finished.visit_id).toBe(partial.visit_id);
  await expect.poll(async () => (await visitOfRow())?.submitted, { message: "the row's visit submitted", timeout: 10_000 }).toBe(true);
  expect((await visitOfRow())!.reached).toEqual(expect.arrayContaining([survey.questions[ANSWERED + 1]!.id]));
  expect((await visits()).length, "visits of the survey: no new start for the link").toBe(visitsBefore);

  // The link of a finished response opens nothing: a notice, and the survey from its start.
  const third = await device(browser);
  await third.page.goto(link);
  await expect(third.page.getByText("Este enlace ya no sirve", { exact: false })).toBeVisible();
  await third.driver.expectQuestion(0);
  await third.context.close();
});

test("offline between steps: nothing typed is lost, and the final submit stores one finished row once the connection is back", async ({ browser }) => {
  const name = uniqueName("sin red");
  const plan = makePlan(survey, name, "plain", () => 5);
  const { context, page, driver } = await device(browser);
  await driver.open();
  await driver.fillUntil(plan, 2);
  await context.setOffline(true);
  for (let index = 2; index < survey.questions.length - 1; index++) {
    await driver.answer(index, plan[index]!);
    await driver.next(index);
  }
  await driver.answer(survey.questions.length - 1, plan.at(-1)!);
  await driver.submit();
  await expect(page.getByText(survey.messages.waitingForConnectionTitle)).toBeVisible();
  await context.setOffline(false);
  await expect(page).toHaveURL(/thank-you/, { timeout: 30_000 });
  const row = await waitForOneRow(spec.access, survey.table, name);
  expect(row.finished).toBe(true);
  for (const [column, value] of Object.entries(expectedRow(survey, plan))) expect.soft(row[column], column).toEqual(value);
  await context.close();
});
