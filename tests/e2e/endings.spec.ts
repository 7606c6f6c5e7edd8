/**
 * Endings that depend on answers, in a real browser against the real data
 * API, with a fixture survey (tests/fixtures/surveys/endings, never shipped):
 * "Sí" with a WhatsApp ends on "interested", "Tal vez" on "maybe", "No me
 * interesa" on the default. Each walk lands on its ending's own page, in its
 * own words, and the stored row names that ending. A WhatsApp typed before
 * changing "Sí" to "Tal vez" is not asked any more, so it does not count.
 */
import { join } from "node:path";
import { waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, titleOf, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/endings");
const survey = loadSurveyFile(join(FIXTURE_DIR, "endings-form.json"));
const { endings } = survey as unknown as { endings: { id: string; thankYou: { path: string; heading: string; text: string } }[] };
const endingNamed = (id: string) => endings.find((ending) => ending.id === id)!;

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** Question `index` on screen, its slide over (the driver's own checks expect every question counted, and the WhatsApp is conditional). */
async function expectAt(driver: SurveyDriver, index: number): Promise<void> {
  await expect(driver.page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(survey, survey.questions[index]!));
}

/** The name, then the interest; "Sí" also asks for the WhatsApp. */
async function walk(driver: SurveyDriver, name: string, interest: string, whatsapp?: string): Promise<void> {
  await driver.page.goto(new URL(survey.route, spec.stack.baseURL).href);
  await expectAt(driver, 0);
  await driver.waitUntilLive();
  await driver.answer(0, { type: "text", text: name });
  await driver.nextButton.click();
  await expectAt(driver, 1);
  await driver.answer(1, { type: "radio", option: interest });
  if (whatsapp === undefined) return;
  await driver.nextButton.click();
  await expectAt(driver, 2);
  await driver.answer(2, { type: "text", text: whatsapp });
}

async function expectEnding(driver: SurveyDriver, name: string, id: string): Promise<void> {
  const { thankYou } = endingNamed(id);
  await driver.submit();
  await expect(driver.page).toHaveURL((url) => url.pathname === thankYou.path, { timeout: 10_000 });
  await expect(driver.page.getByRole("heading", { level: 1, name: thankYou.heading })).toBeVisible();
  await expect(driver.page.getByText(thankYou.text)).toBeVisible();
  const row = await waitForOneRow(spec.access, survey.table, name);
  expect(row.ending).toBe(id);
}

const WALKS: [ending: string, interest: string, whatsapp?: string][] = [
  ["interested", "Sí", "+55 11 98888-7777"],
  ["maybe", "Tal vez"],
  ["not-interested", "No me interesa"],
];

for (const [ending, interest, whatsapp] of WALKS) {
  test(`the walk ends on '${ending}', on its own page, and the row stores it`, async ({ page }) => {
    const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
    const name = uniqueName(`endings-${ending}`);
    await walk(driver, name, interest, whatsapp);
    await expectEnding(driver, name, ending);
  });
}

test("a WhatsApp typed before changing 'Sí' to 'Tal vez' is no longer asked: the walk ends on 'maybe'", async ({ page }) => {
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  const name = uniqueName("endings-changed");
  await walk(driver, name, "Sí", "+55 11 97777-6666");
  await driver.backButton.click();
  await expectAt(driver, 1);
  await driver.answer(1, { type: "radio", option: "Tal vez" });
  await expectEnding(driver, name, "maybe");
});

test("an ending's page opens at its address (it is prerendered)", async ({ page }) => {
  const { thankYou } = endingNamed("interested");
  await page.goto(new URL(thankYou.path, spec.stack.baseURL).href);
  await expect(page.getByRole("heading", { level: 1, name: thankYou.heading })).toBeVisible();
});
