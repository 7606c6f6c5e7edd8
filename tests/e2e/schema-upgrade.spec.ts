/**
 * A survey file written for the first form of the schema keeps working once
 * `npm run validate -- --fix` has brought it up to date: a scratch copy of
 * the first-form fixture is fixed as an editor would fix it, built and
 * served on a stack of its own, and walked in Chromium. The page shows the
 * words the old file wrote (buttons, progress line, hint, success notice)
 * and ends on the old redirect's path after the old redirect's delay.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { expectSuccessEnding, watchSuccess } from "./support/flows.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { startStack, type Stack } from "./support/stack.ts";
import { expectedRow, loadSurveyFile, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FILE = "newsletter-form.json";
const old = JSON.parse(readFileSync(join(REPO_ROOT, "tests/fixtures/surveys/schema-form-1", FILE), "utf8"));

test.describe.configure({ mode: "serial" });

let dir: string;
let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), "rmj-e2e-form-1-"));
  cpSync(join(REPO_ROOT, "tests/fixtures/surveys/schema-form-1", FILE), join(dir, FILE));
  const fix = spawnSync(process.execPath, ["--import", "tsx", join(REPO_ROOT, "scripts/validate-surveys.ts"), "--fix", dir], { cwd: REPO_ROOT, encoding: "utf8" });
  expect(fix.status, fix.stderr).toBe(0);
  stack = await startStack({ surveysDir: dir });
});

test.afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the fixed first-form survey shows the old file's words and ends on its old redirect after its delay", async ({ page }) => {
  const survey = loadSurveyFile(join(dir, FILE));
  // The walk below reads the fixed file; these tie what it reads to what the old file said.
  expect(survey.thankYou).toMatchObject({ path: old.redirect.path, delayMs: old.redirect.delayMs });
  expect(survey.messages).toMatchObject({ successTitle: old.messages.success.title, successDescription: old.messages.success.description, next: old.messages.next, submit: old.messages.submit });

  const name = uniqueName("form1");
  const plan = makePlan(survey, name, "plain", (slider) => slider.default);
  plan[0] = { type: "text", text: name };
  const driver = new SurveyDriver(page, survey, "mouse", stack.baseURL);
  await driver.open();
  await expect(page.getByText(old.messages.progress.replace("{current}", "1").replace("{total}", "2"), { exact: true })).toBeVisible();
  await expect(page.getByText(old.messages.hintBlocked, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: old.messages.next })).toBeVisible();

  await driver.fillAll(plan);
  await expect(page.getByRole("button", { name: old.messages.previous })).toBeVisible();
  await expect(page.getByRole("button", { name: old.messages.submit, exact: true })).toBeVisible();
  await watchSuccess(page, old.messages.success.title);
  await driver.submit();
  // The notice with both old texts on the survey, then old.redirect.path about old.redirect.delayMs after the answer.
  await expectSuccessEnding(driver);
  await expect(page).toHaveURL((url) => url.pathname === old.redirect.path);

  const access = { apiUrl: stack.api.url, serviceRoleKey: stack.api.serviceRoleKey };
  expectRowToMatch(await waitForOneRow(access, survey.table, name, "email"), expectedRow(survey, plan));
});
