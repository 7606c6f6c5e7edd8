/**
 * Each variant completed from the first question to /thank-you with the
 * keyboard alone and with the mouse, on a desktop and a 360x740 phone
 * viewport; the stored row is read back with the service_role key and
 * compared column by column. The mouse runs also take the screenshots.
 */
import { waitForOneRow, expectRowToMatch } from "./support/db.ts";
import { SurveyDriver, type InputMode } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { screenshot } from "./support/screenshots.ts";
import { SURVEYS, expectedRow, indexOfType, makePlan, uniqueName, type PlanStyle } from "./support/survey.ts";
import { DESKTOP, PHONE, test } from "./support/test.ts";

// Desktop runs see the real 300 + 100 ms slide; phone runs ask for reduced motion
// (the app then switches questions at once), so both paths are walked.
const VIEWPORTS = [
  { name: "desktop", size: DESKTOP, style: "others" as PlanStyle, reducedMotion: "no-preference" as const },
  { name: "phone", size: PHONE, style: "plain" as PlanStyle, reducedMotion: "reduce" as const },
];
const MODES: InputMode[] = ["keyboard", "mouse"];

for (const survey of SURVEYS) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${survey.route} on ${viewport.name} (${viewport.size.width}x${viewport.size.height})`, () => {
      test.use({ viewport: viewport.size, reducedMotion: viewport.reducedMotion });

      for (const mode of MODES) {
        const answers = viewport.style === "others" ? "'other' options with their texts, free-text boxes filled" : "plain options, optional texts empty";
        test(`completed with the ${mode} alone (${answers}) → toast, /thank-you, row stored column by column`, async ({ page, stack }) => {
          const name = uniqueName(`${mode} ${viewport.name}`);
          // Keyboard: the slider moved ArrowRight ×2 from its default (5 → 7). Mouse: a click on the track.
          const plan = makePlan(survey, name, viewport.style, (slider) =>
            mode === "keyboard" ? slider.default + 2 : viewport.style === "others" ? slider.max - 1 : slider.min + 2,
          );
          const driver = new SurveyDriver(page, survey, mode);
          const shots = mode === "mouse" ? screenshotPlan(survey.questions.length, indexOfType(survey, "checkbox"), indexOfType(survey, "slider")) : undefined;
          const shot = async (index: number, when: "shown" | "answered") => {
            const label = shots?.[`${index}:${when}`];
            if (!label) return;
            // The mouse is about to click Próximo anyway: drop the text field's focus ring from the picture.
            await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
            await screenshot(page, `${survey.id}-${viewport.name}-${label}`);
          };

          await driver.open();
          await driver.fillAll(plan, { shown: (index) => shot(index, "shown"), answered: (index) => shot(index, "answered") });
          await submitAndExpectThankYou(driver);
          if (shots) await screenshot(page, `${survey.id}-${viewport.name}-5-thank-you`);

          const row = await waitForOneRow(stack, survey.table, name);
          expectRowToMatch(row, expectedRow(survey, plan));
        });
      }
    });
  }
}

/** Which screens to photograph: the first question as it opens, a checkbox list, the slider and the last question once answered. */
function screenshotPlan(total: number, checkbox: number, slider: number): Record<string, string> {
  return {
    "0:shown": "1-first-question",
    [`${checkbox}:answered`]: "2-checkbox",
    [`${slider}:answered`]: "3-slider",
    [`${total - 1}:answered`]: "4-last-question",
  };
}
