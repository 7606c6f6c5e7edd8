/**
 * The questionnaire's behaviour beyond a straight walk: 'other' fields, the
 * free-text boxes, the slider by keyboard, Back, validation messages, the
 * thank-you link and the 404 page (a reload in the middle: draft.spec.ts). The slide
 * animation is not the point here, so these run with prefers-reduced-motion
 * (the app then switches questions without the 400 ms slide).
 */
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { pathOf, submitAndExpectThankYou } from "./support/flows.ts";
import { SURVEYS, expectedRow, indexOfType, loadSurvey, makePlan, optionValue, snakeCase, titleOf, uniqueName, type Answer, type Question } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.use({ reducedMotion: "reduce" });

const defaultSlider = (slider: { default: number }) => slider.default;

for (const survey of SURVEYS) {
  test.describe(survey.route, () => {
    test("'other' fields appear only with their option; switching away hides them and stores null; checkbox free-text boxes are always there and stored", async ({ page, stack }) => {
      const name = uniqueName("other");
      const plan = makePlan(survey, name, "others", defaultSlider);
      const driver = new SurveyDriver(page, survey, "mouse");
      const withOther = survey.questions.flatMap((question, index) => ((question.type === "radio" || question.type === "select") && question.other ? [index] : []));
      expect(withOther.length, "the survey has 'other' fields").toBeGreaterThan(1);
      // The first 'other' question is switched away again; the others keep their text.
      const switched = withOther[0]!;

      await driver.open();
      await driver.fillAll(plan, {
        shown: async (index) => {
          const question = survey.questions[index]!;
          if ((question.type === "radio" || question.type === "select") && question.other) {
            await expect(driver.companion(question.other), "no 'other' field before its option").toBeHidden();
          }
          if (question.type === "checkbox" && question.extraText) {
            await expect(driver.companion(question.extraText), "free-text box shown with nothing ticked").toBeVisible();
          }
        },
        answered: async (index) => {
          if (index !== switched) return;
          const question = survey.questions[switched]!;
          if (question.type !== "radio" && question.type !== "select") return;
          const ordinary = question.options.map(optionValue).find((value) => value !== question.other!.option)!;
          const answer: Answer = { type: question.type, option: ordinary };
          await driver.answer(index, answer); // checks the field is hidden again
          plan[index] = answer;
        },
      });
      await submitAndExpectThankYou(driver);

      const row = await waitForOneRow(stack, survey.table, name);
      expectRowToMatch(row, expectedRow(survey, plan));
      // Spelled out, so the intent survives a change to the plan: the switched field is null, the others hold their text.
      for (const index of withOther) {
        const other = (survey.questions[index] as Extract<Question, { type: "radio" | "select" }>).other!;
        if (index === switched) expect(row[snakeCase(other.id)], `${other.id} after switching away`).toBeNull();
        else expect(row[snakeCase(other.id)], `${other.id} typed`).toBe((plan[index] as { other: string }).other);
      }
    });

    test("slider moved by keyboard: ArrowRight ×2 from 5 shows 7 with its label, kept across Back", async ({ page }) => {
      const slider = indexOfType(survey, "slider");
      const question = survey.questions[slider] as Extract<Question, { type: "slider" }>;
      const driver = new SurveyDriver(page, survey, "keyboard");
      await driver.open();
      await driver.fillUntil(makePlan(survey, uniqueName("slider"), "plain", defaultSlider), slider);

      const thumb = driver.input(slider);
      await driver.tabTo(thumb);
      await expect(thumb).toHaveAttribute("aria-valuenow", "5");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(thumb).toHaveAttribute("aria-valuenow", "7");
      expect(question.default, "the spec's slider starts at 5").toBe(5);
      const label = question.valueLabels!.find((entry) => entry.from <= 7 && 7 <= entry.to)!.label;
      await expect(thumb).toHaveAttribute("aria-valuetext", `7 - ${label}`);
      await expect(page.getByText(label, { exact: true })).toBeVisible();

      await driver.back(slider);
      await driver.next(slider - 1);
      await expect(driver.input(slider)).toHaveAttribute("aria-valuenow", "7");
    });

    test("keyboard focus moves into each question after Enter and after Anterior, so Enter works without Tab", async ({ page }) => {
      const driver = new SurveyDriver(page, survey, "keyboard");
      const plan = makePlan(survey, uniqueName("focus"), "plain", defaultSlider);
      await driver.open();
      // Two questions of each kind in a row: the second of a type is where focus used to get lost.
      const stop = indexOfType(survey, "radio", 1) + 1;
      await driver.fillUntil(plan, stop); // driver.next() asserts the focus after every move
      for (let index = stop; index > stop - 4; index--) await driver.back(index);
      for (let index = stop - 4; index < stop; index++) {
        // No Tab: Enter alone must move on from where the focus was put.
        await page.keyboard.press("Enter");
        await driver.expectQuestion(index + 1);
        await driver.expectFocusInQuestion();
      }
    });

    test("Back (Anterior) keeps every answer: back to question 1 and forward again, then the row is as answered", async ({ page, stack }) => {
      const name = uniqueName("back");
      const plan = makePlan(survey, name, "others", (slider) => slider.max);
      const driver = new SurveyDriver(page, survey, "mouse");
      const last = survey.questions.length - 1;
      await driver.open();
      await driver.fillAll(plan);
      await expect(driver.backButton).toBeEnabled();

      for (let index = last; index > 0; index--) {
        await driver.expectShown(index, plan[index]!);
        await driver.back(index);
      }
      await driver.expectShown(0, plan[0]!);
      await expect(driver.backButton, "Anterior disabled at the first question").toBeDisabled();
      for (let index = 0; index < last; index++) {
        await expect(driver.nextButton).toBeEnabled();
        await driver.next(index);
        await driver.expectShown(index + 1, plan[index + 1]!);
      }
      await submitAndExpectThankYou(driver);
      expectRowToMatch(await waitForOneRow(stack, survey.table, name), expectedRow(survey, plan));
    });

    test("validation: Enter on an empty required question and on an empty checkbox question shows the survey's messages; editing clears them", async ({ page }) => {
      const { messages } = survey;
      const driver = new SurveyDriver(page, survey, "keyboard");
      await driver.open();
      const alert = page.getByRole("alert");

      await expect(page.getByText(messages.hintBlocked, { exact: true })).toBeVisible();
      await expect(driver.nextButton, "Próximo disabled while the question is empty").toBeDisabled();
      await driver.tabTo(driver.input(0));
      await page.keyboard.press("Enter");
      await expect(alert).toHaveText(messages.required);
      await expect(driver.input(0)).toHaveAttribute("aria-invalid", "true");
      await driver.expectQuestion(0);

      // Blank text is empty too.
      await page.keyboard.type("   ");
      await expect(alert).toHaveText("");
      await page.keyboard.press("Enter");
      await expect(alert).toHaveText(messages.required);
      await driver.expectQuestion(0);

      await page.keyboard.type("Ana");
      await expect(alert, "editing clears the message").toHaveText("");
      await expect(page.getByText(messages.hintReady, { exact: true })).toBeVisible();
      await expect(driver.nextButton).toBeEnabled();

      const checkbox = indexOfType(survey, "checkbox");
      const plan = makePlan(survey, uniqueName("validation"), "plain", defaultSlider);
      await page.keyboard.press("Enter");
      await driver.expectQuestion(1);
      for (let index = 1; index < checkbox; index++) {
        await driver.answer(index, plan[index]!);
        await driver.next(index);
      }
      await expect(page.getByText(messages.hintBlocked, { exact: true })).toBeVisible();
      await driver.tabTo(driver.input(checkbox).getByRole("checkbox").first());
      await page.keyboard.press("Enter");
      await expect(alert).toHaveText(messages.checkboxRequired);
      await driver.expectQuestion(checkbox);
      await page.keyboard.press("Space");
      await expect(alert).toHaveText("");
      await page.keyboard.press("Enter");
      await driver.expectQuestion(checkbox + 1);
    });
  });
}

test("the thank-you page, in its own language, links back to the survey in place, and Back returns to it", async ({ page }) => {
  const home = loadSurvey("medical-form");
  const { thankYou } = home;
  await page.goto(thankYou.path);
  await expect(page.getByRole("heading", { level: 1, name: thankYou.heading })).toBeVisible();
  await expect(page.getByText(thankYou.text)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", thankYou.language);
  // Before the script hydrates the page the link is a plain one (a new document, which works too); React marks
  // the elements it has hydrated with its props. A mark on the window then tells whether the document stayed.
  const link = page.getByRole("link", { name: thankYou.buttonLabel });
  await expect(link).toHaveAttribute("href", thankYou.buttonTo);
  await expect.poll(() => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))), { message: "the page hydrates" }).toBe(true);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: thankYou.buttonLabel }).click();
  await expect(page).toHaveURL((url) => url.pathname === thankYou.buttonTo);
  await expect(page.getByRole("heading", { level: 1, name: titleOf(home, home.questions[0]!) })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window), "the survey opened without loading a new document").toBe(true);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: thankYou.heading })).toBeVisible();
});

test("an unknown path shows the 404 page in its own language, logs the path, and links home", async ({ page }) => {
  const { notFound } = loadSurvey("medical-form");
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  await page.goto("/no-such-page");
  await expect(page.getByText(notFound.text)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", notFound.language);
  await expect.poll(() => logged.some((line) => line.includes("/no-such-page")), { message: "the missing path is logged" }).toBe(true);
  await page.getByRole("link", { name: notFound.buttonLabel }).click();
  await expect(page).toHaveURL((url) => url.pathname === notFound.buttonTo);
  expect(pathOf(page)).toBe(notFound.buttonTo);
});
