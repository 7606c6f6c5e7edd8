/**
 * Double submission: a double click on Enviar, Enter held down on the last
 * question (auto-repeat) and Enter pressed several times quickly each store
 * exactly one row.
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

function countInserts(page: Page, table: string): () => number {
  let inserts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(`/rest/v1/${table}`)) inserts += 1;
  });
  return () => inserts;
}

for (const { how, survey: id, send } of CASES) {
  test(`${how} on the last question of ${loadSurvey(id).route} stores exactly one row`, async ({ page, stack }) => {
    const survey = loadSurvey(id);
    const name = uniqueName("double");
    const plan = makePlan(survey, name, "plain", (slider) => slider.default);
    const driver = new SurveyDriver(page, survey, "mouse");
    const inserts = countInserts(page, survey.table);
    await driver.open();
    await driver.fillAll(plan); // the last answer is a click on a radio, which keeps the focus for Enter

    await watchSuccess(page, survey.messages.successTitle);
    await send(driver);
    await expectSuccessEnding(driver);

    expectRowToMatch(await waitForOneRow(stack, survey.table, name), expectedRow(survey, plan));
    expect(await rowsByName(stack, survey.table, name), "still one row once everything has settled").toHaveLength(1);
    test.info().annotations.push({ type: "insert requests sent", description: String(inserts()) });
  });
}
