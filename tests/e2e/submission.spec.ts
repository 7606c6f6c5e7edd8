/**
 * Double submission: a double click on Enviar, Enter held down on the last
 * question (auto-repeat) and Enter pressed several times quickly each send
 * exactly one insert request and store exactly one row. Counting the rows
 * alone would not notice a second request: the client-generated id makes the
 * database absorb it.
 */
import type { Page } from "@playwright/test";
import { expectRowToMatch, rowsByName, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { expectSuccessEnding, watchSuccess } from "./support/flows.ts";
import { expectedRow, loadSurvey, makePlan, uniqueName, type SurveyId } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

const CASES: { how: string; survey: SurveyId; send: (driver: SurveyDriver) => Promise<void> }[] = [
  { how: "a double click on Enviar", survey: "medical-form", send: (driver) => driver.submitButton.dblclick() },
  {
    how: "Enter held down (key repeat)",
    survey: "foreign-form",
    send: async ({ page }) => {
      // keyboard.down on a key already down sends it again with repeat = true, as a held key does.
      for (let repeat = 0; repeat < 6; repeat++) await page.keyboard.down("Enter");
      await page.keyboard.up("Enter");
    },
  },
  {
    how: "Enter pressed five times quickly",
    survey: "medical-form",
    send: async ({ page }) => {
      for (let press = 0; press < 5; press++) await page.keyboard.press("Enter");
    },
  },
];

/** The insert requests the browser sends (POST /rest/v1/<table>), counted as they leave the page. */
function countInserts(page: Page, table: string): () => number {
  let inserts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(`/rest/v1/${table}`)) inserts += 1;
  });
  return () => inserts;
}

for (const { how, survey: id, send } of CASES) {
  test(`${how} on the last question of ${loadSurvey(id).route} sends one insert and stores exactly one row`, async ({ page, stack }) => {
    const survey = loadSurvey(id);
    const name = uniqueName("double");
    const plan = makePlan(survey, name, "plain", (slider) => slider.default);
    const driver = new SurveyDriver(page, survey, "mouse");
    const inserts = countInserts(page, survey.table);
    await driver.open();
    await driver.fillAll(plan); // the last answer is a click on a radio, which keeps the focus for Enter

    await watchSuccess(page, survey.messages.successTitle);
    await send(driver);
    // Once on the redirect's page the survey has left: no later request can come from it.
    await expect(page).toHaveURL((url) => url.pathname === survey.thankYou.path, { timeout: survey.thankYou.delayMs + 5_000 });
    expect(inserts(), "insert requests sent").toBe(1);
    await expectSuccessEnding(driver);

    expectRowToMatch(await waitForOneRow(stack, survey.table, name), expectedRow(survey, plan));
    expect(await rowsByName(stack, survey.table, name), "still one row once everything has settled").toHaveLength(1);
    expect(inserts(), "still one insert request").toBe(1);
  });
}
