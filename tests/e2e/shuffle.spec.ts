/**
 * Random order in a real browser against the real data API, with the short
 * fixture survey of tests/fixtures/surveys/shuffle (never shipped: a name, a
 * radio with shuffled options and "Otra" anchored, a shuffled block of three
 * questions, a ranking that starts from a drawn order, a matrix with shuffled
 * rows, a last one): the prerendered first screen is the one the live
 * page opens on; the options keep "Otra" last and its text box; a
 * reload in the middle of the block resumes from the draft on the same
 * screen, in the same order, options included; the stored row's shown_order
 * is what was on screen and replays to the very sequence walked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { replayScreens } from "../../src/core/replay-order.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { waitForOneRow } from "./support/db.ts";
import { draftNotice, waitForDraftAt } from "./support/draft.ts";
import { SurveyDriver } from "./support/driver.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { uniqueName, type Survey } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/shuffle");
const file = JSON.parse(readFileSync(join(FIXTURE_DIR, "shuffle-poll.json"), "utf8")) as SurveyConfig;
const survey = resolveSurvey(file) as unknown as Survey;
const idOfTitle = new Map(file.questions.map((question) => [question.title, question.id]));

test.use({ reducedMotion: "reduce" });

const spec = fixtureStack(FIXTURE_DIR);

/** The id of the question on screen, once its slide is over. */
async function onScreen(page: Page): Promise<string> {
  const heading = page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 });
  await expect(heading).toHaveCount(1);
  return idOfTitle.get((await heading.textContent())!)!;
}

/** The radio options' labels, top to bottom. */
const optionLabels = (page: Page) => page.locator(".question label.choice").allTextContents();

async function next(page: Page, driver: SurveyDriver, from: string): Promise<string> {
  await driver.nextButton.click();
  await expect.poll(() => onScreen(page)).not.toBe(from);
  return onScreen(page);
}

test("options shuffled with 'Otra' last, a block in a drawn order kept across a reload, a ranking and a matrix's rows drawn, and the stored order replays to the screens walked", async ({ page }) => {
  const name = uniqueName("orden");
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  // The first screen is the prerendered HTML, the same for everyone and never shuffled: the live page opens on that very question.
  const html = await (await page.request.get(new URL(survey.route, spec.stack.baseURL).href)).text();
  expect(html).toContain(file.questions[0]!.title);
  await driver.open();
  await driver.answer(0, { type: "text", text: name });
  const walked = ["nombre", await next(page, driver, "nombre")];
  expect(walked[1]).toBe("red");

  const options = await optionLabels(page);
  expect([...options].sort()).toEqual(["Instagram", "LinkedIn", "Otra", "TikTok", "YouTube"]);
  expect(options.at(-1)).toBe("Otra");
  await driver.answer(1, { type: "radio", option: "Otra", other: "Threads" });
  walked.push(await next(page, driver, "red"));
  walked.push(await next(page, driver, walked.at(-1)!));
  expect(["habito", "horario", "formato"]).toEqual(expect.arrayContaining(walked.slice(2)));

  // A reload on the block's second place: the same screen, then back, the same first place and the same option order.
  await waitForDraftAt(page, survey, 3);
  await page.reload();
  await expect(draftNotice(page, survey)).toBeVisible();
  expect(await onScreen(page)).toBe(walked[3]);
  await driver.backButton.click();
  await expect.poll(() => onScreen(page)).toBe(walked[2]);
  await driver.backButton.click();
  await expect.poll(() => onScreen(page)).toBe("red");
  expect(await optionLabels(page)).toEqual(options);
  await expect(page.getByRole("radio", { name: "Otra" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "¿Cuál?" })).toHaveValue("Threads");
  await next(page, driver, "red");
  await next(page, driver, walked[2]!);
  walked.push(await next(page, driver, walked[3]!));
  walked.push(await next(page, driver, walked[4]!));

  // A ranking starts from its own drawn order, which the respondent may keep as it is; a matrix shows its rows drawn, its scale as written.
  expect(walked[5]).toBe("prioridad");
  const ranking = await page.locator(".ranking-label").allTextContents();
  expect([...ranking].sort()).toEqual(["Duración", "Precio", "Soporte"]);
  await page.locator(".ranking-keep").click();
  walked.push(await next(page, driver, "prioridad"));
  expect(walked[6]).toBe("acuerdo");
  const rows = await page.locator(".matrix-row-label").allTextContents();
  expect([...rows].sort()).toEqual(["El examen es difícil", "El idioma pesa", "Los costos son altos"]);
  for (const row of await page.locator(".matrix-row").all()) {
    await expect(row.locator("label.choice")).toHaveText(["No", "Un poco", "Sí"]);
    await row.getByRole("radio", { name: "Sí" }).click();
  }
  walked.push(await next(page, driver, "acuerdo"));
  expect(walked[7]).toBe("comentario");
  await driver.submit();

  const row = await waitForOneRow(spec.access, survey.table, name, "nombre");
  const shown = row.shown_order as unknown as { questions: string[]; options: Record<string, string[]> };
  expect(shown.options.red).toEqual(options);
  expect(shown.questions).toEqual(walked);
  expect(row.red_otra).toBe("Threads");
  expect(shown.options.prioridad).toEqual(ranking);
  expect(row.prioridad, "the order kept is the order shown").toEqual(ranking);
  expect(shown.options.acuerdo).toEqual(rows);
  expect(row.acuerdo).toEqual(Object.fromEntries(rows.map((label) => [label, "Sí"])));
  const answers = { nombre: name, red: "Otra", redOtra: "Threads", habito: "", horario: "", formato: "", prioridad: ranking, acuerdo: Object.fromEntries(rows.map((label) => [label, "Sí"])), comentario: "" };
  const lists: Record<string, { options?: string[]; rows?: string[] }> = { red: { options }, prioridad: { options: ranking }, acuerdo: { rows } };
  expect(replayScreens(file, row.shown_order, answers)).toEqual(walked.map((question) => ({ question, ...lists[question] })));
});
