/**
 * Privacy by design in a real browser, with a fixture survey
 * (tests/fixtures/surveys/privacy, never shipped): the consent step comes
 * before the first question, the questions start only once its box is
 * ticked, and the stored row carries the version of the text shown, in the
 * language it was shown in.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { translateSurvey } from "../../src/core/translations.ts";
import type { Consent, SurveyConfig } from "../../src/generated/survey-config.ts";
import { consentVersions } from "../../scripts/sql/consent-versions.ts";
import { waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/privacy");
const FILE = join(FIXTURE_DIR, "privacy-poll.json");
const file = JSON.parse(readFileSync(FILE, "utf8")) as SurveyConfig;
type ConsentSurvey = Survey & { consent: Consent };
/** The survey as its page in `language` shows it. */
const shownIn = (language: string) =>
  resolveSurvey(language === file.language ? file : translateSurvey(file, language, JSON.parse(readFileSync(join(FIXTURE_DIR, `translations/privacy-poll.${language}.json`), "utf8")))) as unknown as ConsentSurvey;
const survey = shownIn("es");
const inPortuguese = shownIn("pt-BR");
const [esVersion, ptVersion] = consentVersions({ file: FILE, config: file });

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** Through the consent step (in the driver's survey's words), then both questions; the driver submits. */
async function consentAndAnswer(driver: SurveyDriver, path: string, name: string) {
  const { page } = driver;
  const words = (driver.survey as ConsentSurvey).consent;
  await page.goto(new URL(path, spec.stack.baseURL).href);
  await expect(page.getByRole("heading", { level: 1, name: words.heading })).toBeVisible();
  await expect(page.getByRole("link", { name: words.noticeLabel })).toHaveAttribute("href", words.noticeUrl);
  const start = page.getByRole("button", { name: words.buttonLabel });
  await expect(start).toBeDisabled();
  await expect(page.locator(".question")).toHaveCount(0);
  await page.getByLabel(words.checkboxLabel).check();
  await start.click();
  await driver.expectQuestion(0);
  await driver.waitUntilLive();
  await driver.answer(0, { type: "text", text: name });
  await driver.nextButton.click();
  await driver.expectQuestion(1);
  await driver.answer(1, { type: "radio", option: "Estudiando" });
  await driver.submit();
}

test("the consent step comes first, and the row stores the version of the Spanish text", async ({ page }) => {
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  const name = uniqueName("consent-es");
  await consentAndAnswer(driver, survey.route, name);
  const row = await waitForOneRow(spec.access, survey.table, name, "nombre");
  expect(row.consent_version).toBe(esVersion);
});

test("in Portuguese the consent step is worded in Portuguese and the row stores that text's version", async ({ page }) => {
  const driver = new SurveyDriver(page, inPortuguese, "mouse", spec.stack.baseURL);
  const name = uniqueName("consent-pt");
  expect(inPortuguese.consent.heading).toBe("Antes de começar");
  await consentAndAnswer(driver, `${survey.route}/pt-BR`, name);
  const row = await waitForOneRow(spec.access, survey.table, name, "nombre");
  expect(row.consent_version).toBe(ptVersion);
  expect(ptVersion).not.toBe(esVersion);
});
