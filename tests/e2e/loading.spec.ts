/**
 * How a prerendered page loads in Chromium: the first question is painted
 * from the HTML before any script is even requested, each survey route
 * fetches its own survey config and no other, and the page still becomes a
 * working survey (Enter moves on). What a respondent types before the
 * script arrives (a slow network, simulated by holding the scripts back) is
 * kept and becomes the answer.
 */
import { draftNotice, storedDraft, waitForDraftAt } from "./support/draft.ts";
import { holdScripts } from "./support/hold-scripts.ts";
import { SurveyDriver } from "./support/driver.ts";
import { makePlan, SURVEYS, titleOf, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

for (const survey of SURVEYS) {
  test(`${survey.route}: scripts are requested after the first contentful paint; only this survey's config is fetched; Enter then moves on`, async ({ page }) => {
    await page.goto(survey.route);
    const question = page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 });
    await expect(question).toHaveText(titleOf(survey, survey.questions[0]!));
    // Hydrated: typing and Enter reach the next question.
    await page.getByRole("textbox").first().fill("Maria Perez");
    // Once the script has taken over, the hint says Enter continues.
    await expect(page.getByText(survey.messages.hintReady)).toBeVisible();
    await page.getByRole("textbox").first().press("Enter");
    await expect(question).toHaveText(titleOf(survey, survey.questions[1]!));

    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance.getEntriesByType("resource").filter((entry) => /\/assets\/.*\.js$/.test(entry.name)).map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(timing.fcp, "the page has a first contentful paint").toBeGreaterThan(0);
    expect(timing.scripts.length, "the page loaded its scripts").toBeGreaterThan(0);
    expect(timing.scripts.filter((script) => script.start < timing.fcp), `scripts requested before the first contentful paint at ${timing.fcp.toFixed(0)} ms`).toEqual([]);
    const configsFetched = SURVEYS.filter((other) => timing.scripts.some((script) => script.url.startsWith(`/assets/${other.id}-`))).map((other) => other.id);
    expect(configsFetched, "survey config chunks fetched").toEqual([survey.id]);
  });
}

test("an answer typed into the prerendered first question before the script arrives is kept and counts", async ({ page }) => {
  const survey = SURVEYS[0]!;
  const released = await holdScripts(page);
  await page.goto(survey.route);
  const input = page.getByRole("textbox", { name: titleOf(survey, survey.questions[0]!) });
  await input.fill("Respondent Rápido");
  released();
  await expect(page.getByText(survey.messages.hintReady)).toBeVisible();
  await expect(input).toHaveValue("Respondent Rápido");
  await input.press("Enter");
  await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(survey, survey.questions[1]!));
});

test("a reload with a draft: what is typed into the prerendered first question before the script arrives wins over the draft's answer, and the rest of the draft comes back", async ({ page }) => {
  const survey = SURVEYS[0]!;
  const driver = new SurveyDriver(page, survey, "mouse");
  const plan = makePlan(survey, uniqueName("typed-over-draft"), "plain", (slider) => slider.default);
  await driver.open();
  await driver.fillUntil(plan, 3);
  await waitForDraftAt(page, survey, 3);

  const released = await holdScripts(page);
  await page.reload();
  const first = page.getByRole("textbox", { name: titleOf(survey, survey.questions[0]!) });
  await first.fill("Nombre Corregido");
  released();
  await driver.expectQuestion(3);
  await expect(draftNotice(page, survey)).toBeVisible();
  for (let index = 3; index > 1; index--) {
    await driver.back(index);
    await driver.expectShown(index - 1, plan[index - 1]!);
  }
  await driver.back(1);
  await expect(driver.input(0)).toHaveValue("Nombre Corregido");
  await expect.poll(async () => ((await storedDraft(page, survey))?.answers as Record<string, unknown> | undefined)?.[survey.questions[0]!.id], { message: "the draft saves the corrected name" }).toBe("Nombre Corregido");
});
