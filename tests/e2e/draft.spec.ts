/**
 * Nothing a respondent typed is lost: the draft kept in the browser brings
 * them back to the question they reached, with every answer as given, after
 * a reload or a closed browser; "start over" asks first and then forgets
 * everything; a draft written under an older survey file restores only what
 * still fits; storage that throws never stops the survey. Each walk ends with
 * the row read back from the real data API.
 */
import { expectRowToMatch, waitForOneRow, type StoredRow } from "./support/db.ts";
import { draftNotice, expectNoDraft, storedDraft, waitForDraftAt, writeDraft } from "./support/draft.ts";
import { SurveyDriver } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { SURVEYS, expectedRow, loadSurvey, makePlan, optionValue, uniqueName, type Answer, type Question, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

/** The slider moved away from where it starts. */
const movedSlider = (slider: Extract<Question, { type: "slider" }>) => (slider.default + 2 <= slider.max ? slider.default + 2 : slider.default - 2);

/** Answers questions from..to-1 and moves on after each. */
async function answerRange(driver: SurveyDriver, plan: readonly Answer[], from: number, to: number): Promise<void> {
  for (let index = from; index < to; index++) {
    await driver.answer(index, plan[index]!);
    await driver.next(index);
  }
}

/** Walks back from `index` to `to`, checking each question shows its planned answer, then forward again. */
async function expectAnswersBack(driver: SurveyDriver, plan: readonly Answer[], index: number, to: number): Promise<void> {
  for (let at = index; at > to; at--) {
    await driver.back(at);
    await driver.expectShown(at - 1, plan[at - 1]!);
  }
  for (let at = to; at < index; at++) await driver.next(at);
}

/** Answers from `from` to the last question, sends, and checks the ending and the stored row, which it returns. */
async function finish(driver: SurveyDriver, plan: readonly Answer[], from: number, stack: { apiUrl: string; serviceRoleKey: string }, name: string): Promise<StoredRow> {
  const last = driver.survey.questions.length - 1;
  await answerRange(driver, plan, from, last);
  await driver.answer(last, plan[last]!);
  await submitAndExpectThankYou(driver);
  const row = await waitForOneRow(stack, driver.survey.table, name);
  expectRowToMatch(row, expectedRow(driver.survey, plan));
  return row;
}

for (const survey of SURVEYS) {
  test(`${survey.route}: a reload after question 6 and again after the slider comes back to the next question with every answer as given; the row is exact; opened again the survey starts empty`, async ({ page, stack }) => {
    const name = uniqueName("draft");
    const plan = makePlan(survey, name, "others", movedSlider);
    const slider = survey.questions.findIndex((question) => question.type === "slider");
    expect(survey.questions.slice(0, slider + 1).map((question) => question.type), "text, radio with 'other', checkbox with free text and slider before the second reload").toEqual(
      expect.arrayContaining(["text", "radio", "checkbox", "slider"]),
    );
    const driver = new SurveyDriver(page, survey, "mouse");
    await driver.open();
    await expect(draftNotice(page, survey), "no notice on a first visit").toHaveCount(0);

    await driver.fillUntil(plan, 6);
    await page.reload();
    // Read after the reload, as the first page saved it (its writes wait for a pause, or the page leaving).
    const { visitId } = (await waitForDraftAt(page, survey, 6)).answers as { visitId: string };
    await driver.expectQuestion(6);
    await expect(draftNotice(page, survey)).toBeVisible();
    await expectAnswersBack(driver, plan, 6, 0);
    await expect(draftNotice(page, survey), "the notice goes once the respondent moves on").toHaveCount(0);

    await answerRange(driver, plan, 6, slider + 1);
    await page.reload();
    await driver.expectQuestion(slider + 1);
    await expect(draftNotice(page, survey)).toBeVisible();
    await expectAnswersBack(driver, plan, slider + 1, 5);

    const row = await finish(driver, plan, slider + 1, stack, name);
    expect(row.visit_id, "one visit however many reloads: the row carries the visit id the survey was opened with").toBe(visitId);
    await expectNoDraft(page, survey);

    await driver.open();
    await expect(driver.input(0)).toHaveValue("");
    await expect(draftNotice(page, survey)).toHaveCount(0);
  });
}

test("the browser closed after 4 answers: a new page with the same storage resumes at question 5 with the answers", async ({ browser, stack }) => {
  const survey = loadSurvey("foreign-form");
  const name = uniqueName("closed");
  const plan = makePlan(survey, name, "plain", (slider) => slider.default);
  const first = await browser.newContext({ baseURL: stack.baseURL, reducedMotion: "reduce" });
  const firstDriver = new SurveyDriver(await first.newPage(), survey, "keyboard");
  await firstDriver.open();
  await firstDriver.fillUntil(plan, 4);
  // Closing the tab: the pending draft write happens on pagehide.
  await firstDriver.page.close({ runBeforeUnload: true });
  const storageState = await first.storageState();
  await first.close();

  const second = await browser.newContext({ baseURL: stack.baseURL, reducedMotion: "reduce", storageState });
  try {
    const page = await second.newPage();
    const driver = new SurveyDriver(page, survey, "keyboard");
    await page.goto(survey.route);
    await driver.expectQuestion(4);
    await expect(draftNotice(page, survey)).toBeVisible();
    await expectAnswersBack(driver, plan, 4, 0);
    await finish(driver, plan, 4, stack, name);
  } finally {
    await second.close();
  }
});

test("'start over' asks first: 'no' keeps everything; 'yes' shows question 1 with no answers and the draft is gone from storage", async ({ page }) => {
  const survey = loadSurvey("medical-form");
  const plan = makePlan(survey, uniqueName("over"), "others", movedSlider);
  const driver = new SurveyDriver(page, survey, "mouse");
  const { draftStartOver: startOver, draftConfirmStartOver: confirmStartOver, draftConfirm: confirm, draftCancel: cancel } = survey.messages;
  await driver.open();
  await driver.fillUntil(plan, 3);
  await page.reload();
  await driver.expectQuestion(3);

  await page.getByRole("button", { name: startOver }).click();
  await expect(page.getByText(confirmStartOver)).toBeVisible();
  await expect(page.getByRole("button", { name: cancel }), "the safe choice has the focus").toBeFocused();
  await page.getByRole("button", { name: cancel }).click();
  await expect(page.getByRole("button", { name: startOver })).toBeFocused();
  await driver.expectQuestion(3);
  await expect((await storedDraft(page, survey))?.index).toBe(3);

  await page.getByRole("button", { name: startOver }).click();
  await page.getByRole("button", { name: confirm }).click();
  await driver.expectQuestion(0);
  await expect(driver.input(0)).toHaveValue("");
  await expect(draftNotice(page, survey)).toHaveCount(0);
  await expectNoDraft(page, survey);
  // Still nothing once any pending write would have happened.
  await page.waitForTimeout(1500);
  expect(await storedDraft(page, survey)).toBeNull();
  await page.reload();
  await driver.expectQuestion(0);
  await expect(driver.input(0)).toHaveValue("");
  await expect(draftNotice(page, survey)).toHaveCount(0);
});

/** Option values of a question in the shipped file. */
const valuesOf = (survey: Survey, id: string) => {
  const question = survey.questions.find((candidate) => candidate.id === id);
  if (!question || !("options" in question)) throw new Error(`[e2e] ${id} has no options`);
  return question.options.map(optionValue);
};

test("a draft saved under an older survey file (a question since removed, an option since renamed) restores only what fits, and the survey completes", async ({ page, stack }) => {
  const survey = loadSurvey("foreign-form");
  const name = uniqueName("older");
  const plan = makePlan(survey, name, "plain", movedSlider);
  const driver = new SurveyDriver(page, survey, "mouse");
  const genero = survey.questions.findIndex((question) => question.id === "genero");
  await driver.open();
  await driver.fillUntil(plan, 7);
  const draft = await waitForDraftAt(page, survey, 7);

  // What the older file wrote: an answer to a question it had ("ciudadNatal"), and genero's option under its old name.
  const answers = draft.answers as Record<string, unknown>;
  const types = draft.types as Record<string, string>;
  expect(valuesOf(survey, "genero")).not.toContain("Mujer");
  await writeDraft(page, survey, { ...draft, answers: { ...answers, ciudadNatal: "Rosario", genero: "Mujer" }, types: { ...types, ciudadNatal: "text" } });
  await page.reload();

  // Landed on the question that lost its answer, nothing chosen there; the answers before it kept.
  await driver.expectQuestion(genero);
  await expect(draftNotice(page, survey)).toBeVisible();
  for (const radio of await driver.input(genero).getByRole("radio").all()) await expect(radio).not.toBeChecked();
  await expectAnswersBack(driver, plan, genero, 0);
  // Answered again: every later answer is still there, up to the question reached.
  await driver.answer(genero, plan[genero]!);
  await driver.next(genero);
  for (let index = genero + 1; index < 7; index++) {
    await driver.expectShown(index, plan[index]!);
    await driver.next(index);
  }
  await finish(driver, plan, 7, stack, name);
});

test.describe("storage that throws never stops the survey", () => {
  const BROKEN = {
    "setItem throws (storage full)": () => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    },
    "every access to localStorage throws (storage disabled)": () => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    },
  };
  for (const [how, breakStorage] of Object.entries(BROKEN)) {
    test(`${how}: the survey completes and stores its row`, async ({ page, stack }) => {
      const survey = loadSurvey("medical-form");
      const name = uniqueName("storage");
      const plan = makePlan(survey, name, "others", movedSlider);
      await page.addInitScript(breakStorage);
      const driver = new SurveyDriver(page, survey, "mouse");
      await driver.open();
      await finish(driver, plan, 0, stack, name);
    });
  }
});
