/**
 * The ranking and matrix questions on a 360 px phone, in a real browser
 * against the real data API, with a fixture survey
 * (tests/fixtures/surveys/ranking-matrix, never shipped): a walk by keyboard
 * alone and a walk by touch (taps, and a finger's drag for the ranking) each
 * store exactly the expected row; axe finds nothing on either question at
 * 360 px and 1280 px; the matrix never scrolls sideways.
 *
 * UPDATE_DOCS_SCREENSHOTS=1 also writes the docs' phone screenshots
 * (docs/ranking-phone.png, docs/matrix-phone.png) during the touch walk.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver, type InputMode } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { expectedRow, indexOfType, loadSurveyFile, makePlan, uniqueName, type Answer } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/ranking-matrix");
const survey = loadSurveyFile(join(FIXTURE_DIR, "ranking-matrix-form.json"));
const PHONE = { width: 360, height: 740 };
const ranking = indexOfType(survey, "ranking");
const matrix = indexOfType(survey, "matrix");


const spec = fixtureStack(FIXTURE_DIR);

function planFor(name: string): Answer[] {
  const plan = makePlan(survey, name, "others", () => 0);
  plan[0] = { type: "text", text: name };
  return plan;
}

async function expectNoAxeViolation(page: Page, screen: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe on ${screen}`).toBe("");
}

/** Nothing is wider than the screen: neither the page nor the matrix scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const question = document.querySelector(".matrix-question")!;
    return { page: [document.documentElement.scrollWidth, document.documentElement.clientWidth], matrix: [question.scrollWidth, question.clientWidth] };
  });
  expect(widths.page[0], "page scrollWidth <= clientWidth").toBeLessThanOrEqual(widths.page[1]!);
  expect(widths.matrix[0], "matrix scrollWidth <= clientWidth").toBeLessThanOrEqual(widths.matrix[1]!);
}

async function walk(page: Page, mode: InputMode): Promise<void> {
  const driver = new SurveyDriver(page, survey, mode, spec.stack.baseURL);
  const name = uniqueName(`ranking-matrix-${mode}`);
  const plan = planFor(name);
  await driver.open();
  await driver.fillAll(plan, {
    shown: async (index) => {
      if (index === matrix) await expectNoSidewaysScroll(page);
      if (index === ranking || index === matrix) await expectNoAxeViolation(page, `${survey.questions[index]!.id} at 360 px by ${mode}`);
    },
    answered: async (index) => {
      if (mode !== "touch" || !process.env.UPDATE_DOCS_SCREENSHOTS) return;
      if (index === ranking) await page.screenshot({ path: join(REPO_ROOT, "docs/ranking-phone.png"), animations: "disabled", caret: "hide" });
      if (index === matrix) await page.screenshot({ path: join(REPO_ROOT, "docs/matrix-phone.png"), animations: "disabled", caret: "hide" });
    },
  });
  await submitAndExpectThankYou(driver);
  const row = await waitForOneRow({ apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey }, survey.table, name, "nombre");
  expectRowToMatch(row, expectedRow(survey, plan));
}

test("by keyboard alone at 360 px: the move buttons rank, the arrows rate each row, the row holds exactly the answers", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await walk(page, "keyboard");
});

test("by touch at 360 px: a finger drags the ranking, taps rate each row, the row holds exactly the answers", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, reducedMotion: "reduce" });
  try {
    await walk(await context.newPage(), "touch");
  } finally {
    await context.close();
  }
});

test("at 1280 px axe finds nothing on either question", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  const plan = planFor(uniqueName("ranking-matrix-wide"));
  await driver.open();
  await driver.fillUntil(plan, ranking);
  await expectNoAxeViolation(page, "the ranking at 1280 px");
  await driver.answer(ranking, plan[ranking]!);
  await driver.next(ranking);
  await expectNoAxeViolation(page, "the matrix at 1280 px");
});
