/**
 * The honeypot: a person never meets it (it is off-screen, hidden from
 * screen readers and out of the Tab order, and the walkthroughs store their
 * rows without it); a bot that fills every box gets its row refused by the
 * database, with nothing stored.
 */
import { rowsByName } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { loadSurvey, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

test("a bot that fills the hidden box is refused by the database and nothing is stored", async ({ page, stack }) => {
  const survey = loadSurvey("foreign-form");
  const name = uniqueName("bot");
  const driver = new SurveyDriver(page, survey, "mouse");
  await driver.open();
  const trap = page.locator('input[name="website"]');
  await expect(trap, "off-screen, not display:none").toBeAttached();
  expect(await trap.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true);
  expect(await trap.getAttribute("tabindex")).toBe("-1");
  await trap.fill("http://spam.example", { force: true });

  await driver.fillAll(makePlan(survey, name, "plain", (slider) => slider.default));
  await driver.submitButton.click();
  await expect(page.getByText(survey.messages.errorTitle, { exact: true })).toBeVisible();
  expect(await rowsByName(stack, survey.table, name)).toEqual([]);
});
