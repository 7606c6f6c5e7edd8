/**
 * A/B arms in a real browser against the real data API, with the short
 * fixture survey of tests/fixtures/surveys/arms (never shipped: a name, a
 * radio that arm "b" words, relabels and reorders, a question asked in arm
 * "b" only, a last radio): the database gives two new respondents one arm
 * each, each sees its arm's wording and order and only its arm's questions,
 * a reload resumes in the same arm without asking the database again, and
 * the rows carry the arm and "database". When the call fails the page draws
 * the arm itself and the row says "page".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { armedSurvey, armFunctionName } from "../../src/core/arms.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { waitForOneRow, type StoredRow } from "./support/db.ts";
import { draftNotice, waitForDraftAt } from "./support/draft.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/arms");
const file = JSON.parse(readFileSync(join(FIXTURE_DIR, "arms-poll.json"), "utf8")) as SurveyConfig;
const inArm = (arm: string) => resolveSurvey(armedSurvey(file, arm)) as unknown as Survey;
const ASSIGN = armFunctionName(file.table);
const ORDER = { a: ["Instagram", "TikTok", "YouTube"], b: ["YouTube", "TikTok", "Instagram (reels y stories)"] } as const;

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** The title on screen, once its slide is over. */
async function onScreen(page: Page): Promise<string> {
  const heading = page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 });
  await expect(heading).toHaveCount(1);
  return (await heading.textContent())!;
}

async function next(page: Page, driver: SurveyDriver, from: string): Promise<string> {
  await driver.nextButton.click();
  await expect.poll(() => onScreen(page)).not.toBe(from);
  return onScreen(page);
}

// Awaited with toHaveText: after a reload the restored question's title can be on screen a moment before its options.
const optionLabels = (page: Page) => page.locator(".question label.choice");

/** One respondent's walk (a reload on the second question when told), once the page has its arm; the stored row and the calls to the assignment. */
async function walk(page: Page, { reload = false, assigned = true } = {}): Promise<{ row: StoredRow; calls: number }> {
  let calls = 0;
  page.on("request", (request) => void (request.url().includes(`/rpc/${ASSIGN}`) && (calls += 1)));
  const name = uniqueName("variante");
  const settled = assigned ? page.waitForResponse((response) => response.url().includes(`/rpc/${ASSIGN}`)) : page.waitForEvent("requestfailed", (request) => request.url().includes(`/rpc/${ASSIGN}`));
  const first = new SurveyDriver(page, inArm("a"), "mouse", spec.stack.baseURL);
  // Not driver.open(): its progress line counts every question, and arm "a" is asked one fewer.
  await page.goto(new URL(file.route, spec.stack.baseURL).href);
  await first.waitUntilLive();
  await settled;
  await first.answer(0, { type: "text", text: name });
  const title = await next(page, first, file.questions[0]!.title);
  const arm = title === inArm("b").questions[1]!.title ? "b" : "a";
  const survey = inArm(arm);
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  expect(title).toBe(survey.questions[1]!.title);
  await expect(optionLabels(page)).toHaveText([...ORDER[arm]]);
  await driver.answer(1, { type: "radio", option: "TikTok" });
  if (reload) {
    await waitForDraftAt(page, survey, 1);
    await page.reload();
    await expect(draftNotice(page, survey)).toBeVisible();
    expect(await onScreen(page)).toBe(survey.questions[1]!.title);
    await expect(optionLabels(page)).toHaveText([...ORDER[arm]]);
    await expect(page.getByRole("radio", { name: "TikTok" })).toBeChecked();
  }
  let shown = await next(page, driver, survey.questions[1]!.title);
  if (arm === "b") {
    expect(shown).toBe(survey.questions[2]!.title);
    await driver.answer(2, { type: "text", text: "Videos cortos" });
    shown = await next(page, driver, shown);
  }
  expect(shown).toBe(survey.questions[3]!.title);
  await driver.answer(3, { type: "radio", option: "1 a 3" });
  await driver.submit();
  return { row: await waitForOneRow(spec.access, file.table, name, "nombre"), calls };
}

test("two new respondents get one arm each from the database, see its wording, order and questions, and keep it across a reload", async ({ browser, page }) => {
  const first = await walk(page, { reload: true });
  const other = await browser.newPage({ reducedMotion: "reduce" });
  const second = await walk(other);
  await other.close();
  expect(new Set([first.row.arm, second.row.arm])).toEqual(new Set(["a", "b"]));
  for (const { row, calls } of [first, second]) {
    expect(calls, "one call to the assignment, reload included").toBe(1);
    expect(row.arm_source).toBe("database");
    expect(row.red).toBe("TikTok");
    expect(row.motivo).toBe(row.arm === "b" ? "Videos cortos" : null);
  }
});

test("when the database cannot be asked, the page draws the arm itself and the row says so", async ({ page }) => {
  await page.route(`**/rpc/${ASSIGN}`, (route) => route.abort("internetdisconnected"));
  const { row } = await walk(page, { assigned: false });
  expect(["a", "b"]).toContain(row.arm);
  expect(row.arm_source).toBe("page");
});
