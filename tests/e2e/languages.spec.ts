/**
 * Surveys in other languages with no code change: a site built from two more
 * survey files (tests/fixtures/surveys/languages), an English one with no
 * messages block, its own thank-you page with two channel links and a nested
 * route, and a Brazilian Portuguese one whose thank-you page overrides only
 * its heading. Codegen plans their tables for a data API of their own, the
 * site is built and served, and each is walked to the end in Chromium: every
 * word on screen is its language's (no Spanish or Portuguese left in the
 * English one, and so on), and the stored row is right.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PRESETS } from "../../src/i18n/presets.ts";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { expectNoneShown, foreignPresetTexts, type Language } from "./support/languages.ts";
import { SurveyDriver } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { expectedRow, loadSurvey, makePlan, snakeCase, uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURES = join(REPO_ROOT, "tests", "fixtures", "surveys", "languages");

const spec = fixtureStack(FIXTURES);

async function expectOnlyLanguage(page: Page, language: Language, where: string): Promise<void> {
  await expectNoneShown(page, language, foreignPresetTexts(language), where);
}

const cases: { id: string; language: Language; thankYouHeading?: string; links: number }[] = [
  { id: "english-poll", language: "en", links: 2 },
  { id: "portuguese-poll", language: "pt-BR", thankYouHeading: "Valeu demais!", links: 0 },
];

for (const { id, language, thankYouHeading, links } of cases) {
  test(`${id}: walked to the end, every word in ${language}, the row stored`, async ({ page }) => {
    test.setTimeout(120_000);
    const survey: Survey = loadSurvey(id, FIXTURES);
    const preset = PRESETS[language];
    // Nothing worded by the file but what it says it overrides.
    expect(preset.messages).toMatchObject(survey.messages);
    expect(survey.thankYou).toMatchObject({ ...preset.thankYou, ...(thankYouHeading && { heading: thankYouHeading }) });
    expect(survey.thankYou.links).toHaveLength(links);

    const name = uniqueName(language);
    const plan = makePlan(survey, name, "others", (slider) => slider.max);
    plan[0] = { type: "text", text: name };
    const driver = new SurveyDriver(page, survey, "keyboard", spec.stack.baseURL);
    await driver.open();

    // The first screen, then the validation message of an empty required question.
    await expect(page.getByText(preset.messages.hintBlocked, { exact: true })).toBeVisible();
    await expect(driver.input(0)).toHaveAttribute("placeholder", preset.messages.answerPlaceholder);
    await driver.tabTo(driver.input(0));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toHaveText(preset.messages.required);
    await expectOnlyLanguage(page, language, "on the first question with its validation message");

    await driver.fillAll(plan, { shown: (index) => expectOnlyLanguage(page, language, `on question ${index + 1}`) });
    await submitAndExpectThankYou(driver);

    const { thankYou } = survey;
    await expect(page.getByRole("heading", { level: 1, name: thankYou.heading })).toBeVisible();
    await expect(page.getByText(thankYou.text)).toBeVisible();
    for (const link of thankYou.links) await expect(page.getByRole("link", { name: link.label })).toHaveAttribute("href", link.url);
    if (thankYou.tip) await expect(page.getByText(thankYou.tip)).toBeVisible();
    await expectOnlyLanguage(page, language, "on the thank-you page");
    await expect(page).toHaveTitle(thankYou.pageTitle);

    const access = { apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey };
    const nameColumn = snakeCase(survey.questions[0]!.id);
    expectRowToMatch(await waitForOneRow(access, survey.table, name, nameColumn), expectedRow(survey, plan));

    await page.getByRole("link", { name: thankYou.buttonLabel }).click();
    await expect(page).toHaveURL((url) => url.pathname === survey.route);
  });
}
