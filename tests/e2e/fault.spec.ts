/**
 * The data API made unreachable for real: PostgREST is stopped on a data API
 * of this file's own (the shared one serves the other tests meanwhile), so
 * the insert gets the gateway's 503. The respondent sees the error toast and
 * keeps every answer; once PostgREST is back, Enviar stores exactly one row.
 */
import { expectRowToMatch, rowsByName, waitForOneRow, type DataApiAccess } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { pathOf, submitAndExpectThankYou } from "./support/flows.ts";
import { startStack, type Stack } from "./support/stack.ts";
import { SURVEYS, expectedRow, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

let stack: Stack;
let access: DataApiAccess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack();
  access = { apiUrl: stack.api.url, serviceRoleKey: stack.api.serviceRoleKey };
});

test.afterAll(async () => {
  await stack?.stop();
});

for (const survey of SURVEYS) {
  test(`${survey.route}: data API down → error toast, still on the last question with every answer; back up → Enviar stores exactly one row`, async ({ page }) => {
    const name = uniqueName("fault");
    const plan = makePlan(survey, name, "others", (slider) => slider.max);
    const driver = new SurveyDriver(page, survey, "mouse", stack.baseURL);
    const last = survey.questions.length - 1;
    await driver.open();
    await driver.fillAll(plan);

    await stack.api.stopPostgrest();
    try {
      await driver.submit();
      // The gateway answers 503: the survey's error notice ('Error al enviar formulario', or
      // 'Error inesperado', which the app uses for a data service that is down).
      const { errorTitle, errorDescription, unexpectedErrorTitle, unexpectedErrorDescription } = survey.messages;
      const toast = driver.toast(errorTitle).or(driver.toast(unexpectedErrorTitle));
      await expect(toast).toBeVisible();
      const title = (await toast.textContent()) ?? "";
      await expect(toast).toContainText(title.includes(errorTitle) ? errorDescription : unexpectedErrorDescription);
      await expect(toast).toHaveClass(/toast-destructive/);
      await expect(driver.submitButton, "Enviar usable again").toBeEnabled();

      // No redirect: still there after the success delay would have passed (the timing is the point here).
      await page.waitForTimeout(survey.thankYou.delayMs + 500);
      expect(pathOf(page)).toBe(survey.route);
      await driver.expectQuestion(last);
      await driver.expectShown(last, plan[last]!);

      // Every answer kept: walk back a few questions and forward again.
      for (let index = last; index > last - 5; index--) {
        await driver.back(index);
        await driver.expectShown(index - 1, plan[index - 1]!);
      }
      for (let index = last - 5; index < last; index++) await driver.next(index);
    } finally {
      await stack.api.startPostgrest();
    }

    expect(await rowsByName(access, survey.table, name), "nothing stored while the data API was down").toHaveLength(0);
    await submitAndExpectThankYou(driver);
    expectRowToMatch(await waitForOneRow(access, survey.table, name), expectedRow(survey, plan));
  });
}
