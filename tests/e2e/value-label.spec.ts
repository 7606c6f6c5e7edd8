/**
 * Options written as { value, label } (docs/survey/texts.md's recipe for renaming an
 * option without changing what is stored): the respondent sees and picks the
 * labels, the database gets the values. The app is built from a fixture
 * survey set (tests/fixtures/surveys/value-label) on a stack of this file's
 * own; the shipped surveys have no such options.
 */
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { expectedRow, loadSurveyFile, makePlan, optionLabel, optionValue, uniqueName, type PlanStyle } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE = "tests/fixtures/surveys/value-label";
const survey = loadSurveyFile(`${FIXTURE}/choices-form.json`);

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE);

const STYLES: { style: PlanStyle; what: string }[] = [
  { style: "plain", what: "ordinary choices" },
  { style: "others", what: "the 'other' choices with their texts" },
];

for (const { style, what } of STYLES) {
  test(`${what}: the labels are shown and clicked, the values are stored`, async ({ page }) => {
    const name = uniqueName("labels");
    const plan = makePlan(survey, name, style, (slider) => slider.default);
    const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
    await driver.open();
    await driver.fillAll(plan);
    await submitAndExpectThankYou(driver);

    const row = await waitForOneRow(spec.access, survey.table, name);
    expectRowToMatch(row, expectedRow(survey, plan));
    // Spelled out, so that no shared helper can hide a label in the row.
    const labels = new Set(survey.questions.flatMap((question) => ("options" in question ? question.options.map(optionLabel).filter((label) => !question.options.map(optionValue).includes(label)) : [])));
    const stored = [row.canal, row.pais, ...(row.temas as string[])];
    expect(stored.filter((value) => labels.has(String(value))), "labels stored instead of values").toEqual([]);
  });
}
