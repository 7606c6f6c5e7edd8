/**
 * Questions that appear only when they apply, in a real browser against the
 * real data API, with a fixture survey (tests/fixtures/surveys/conditions,
 * never shipped): seven questions, of which "ciudad" is asked only to those
 * living in Brazil and "horasTiktok" only to those living in Brazil who use
 * TikTok or are under 30. This file builds the app from that survey and
 * migrates a data API of its own with the migrations codegen plans for it.
 *
 * Both branches are walked: the one that asks all seven ("3 de 7") and the
 * one that skips two ("3 de 5"), with Back across the skipped questions and
 * a question answered, then hidden, which must be stored as NULL.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { interpolate } from "../../src/core/interpolate.ts";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver, type InputMode } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, titleOf, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

const FIXTURE_DIR = join(REPO_ROOT, "tests/fixtures/surveys/conditions");
const survey = loadSurveyFile(join(FIXTURE_DIR, "conditions-form.json"));
/** "3 de 5" and "29% completo" in the survey's words. */
const count = (current: number, total: number) => interpolate(survey.messages.progress, { current, total });
const percent = (value: number) => interpolate(survey.messages.percentComplete, { percent: value });
const at = (id: string) => survey.questions.findIndex((question) => question.id === id);

test.use({ reducedMotion: "reduce" });

// The app built from the fixture, and its table from the same codegen that writes supabase/migrations/.
const spec = fixtureStack(FIXTURE_DIR);

/** The visit id the page generated (a UUID), which the row carries beside the answers. */
function visitIdOf(row: Record<string, unknown>): string {
  expect(row.visit_id).toMatch(/^[0-9a-f-]{36}$/);
  return row.visit_id as string;
}

/** The question on screen, its slide over, and the progress line. */
async function expectAt(page: Page, id: string, current: number, total: number): Promise<void> {
  await expect(page.locator(".question-stage[data-phase=idle]").getByRole("heading", { level: 1 })).toHaveText(titleOf(survey, survey.questions[at(id)]!));
  await expect(page.getByText(count(current, total), { exact: true })).toBeVisible();
}

/** Próximo, or Enter (in a textarea Enter is a new line: not used here before a move). */
async function next(driver: SurveyDriver, mode: InputMode): Promise<void> {
  if (mode === "mouse") return driver.nextButton.click();
  // As a person would: Enter once the focus has come into the question (after a slide, or a click on Anterior).
  await driver.expectFocusInQuestion();
  await driver.page.keyboard.press("Enter");
}

async function back(driver: SurveyDriver): Promise<void> {
  await driver.backButton.click();
}

/** The driver's own open() expects every question counted; here the first screen says "1 de 5". */
async function open(driver: SurveyDriver): Promise<void> {
  await driver.page.goto(new URL(survey.route, spec.stack.baseURL).href);
  await expectAt(driver.page, "nomeCompleto", 1, 5);
}

test("living in Brazil: all seven questions are asked, '3 de 7' at the age, the row holds every answer", async ({ page }) => {
  const driver = new SurveyDriver(page, survey, "mouse", spec.stack.baseURL);
  const name = uniqueName("conditions-all");
  // Before anyone says where they live, the two conditional questions are not counted.
  await open(driver);
  await driver.answer(at("nomeCompleto"), { type: "text", text: name });
  await next(driver, "mouse");
  await expectAt(page, "viveEnBrasil", 2, 5);
  await driver.answer(at("viveEnBrasil"), { type: "radio", option: "Sí" });
  // The answer on screen changes what is asked: the total follows at once.
  await expect(page.getByText(count(2, 7), { exact: true })).toBeVisible();
  await expect(page.getByText(percent(29), { exact: true })).toBeVisible();
  await next(driver, "mouse");
  await expectAt(page, "edad", 3, 7);
  await driver.answer(at("edad"), { type: "number", text: "25" });
  await next(driver, "mouse");
  await expectAt(page, "ciudad", 4, 7);
  await driver.answer(at("ciudad"), { type: "text", text: "São Paulo" });
  await next(driver, "mouse");
  await expectAt(page, "redes", 5, 7);
  await driver.answer(at("redes"), { type: "checkbox", options: ["Instagram"] });
  await next(driver, "mouse");
  await expectAt(page, "horasTiktok", 6, 7);
  await driver.answer(at("horasTiktok"), { type: "slider", value: 6 });
  await next(driver, "mouse");
  await expectAt(page, "comentarios", 7, 7);
  await expect(page.getByText(percent(100), { exact: true })).toBeVisible();
  await driver.answer(at("comentarios"), { type: "textarea", text: "Todo bien" });
  await submitAndExpectThankYou(driver);

  const row = await waitForOneRow(spec.access, survey.table, name);
  expectRowToMatch(row, {
    nome_completo: name, vive_en_brasil: "Sí", edad: "25", ciudad: "São Paulo", redes: ["Instagram"], horas_tiktok: 6, comentarios: "Todo bien", visit_id: visitIdOf(row),
  });
});

test("not living in Brazil (Enter to go on): '3 de 5', Enter and Back skip the hidden questions, a city typed before changing the answer is stored as NULL", async ({ page }) => {
  const driver = new SurveyDriver(page, survey, "keyboard", spec.stack.baseURL);
  const name = uniqueName("conditions-skip");
  await open(driver);
  await driver.answer(at("nomeCompleto"), { type: "text", text: name });
  await next(driver, "keyboard");
  await driver.answer(at("viveEnBrasil"), { type: "radio", option: "Sí" });
  await next(driver, "keyboard");
  await expectAt(page, "edad", 3, 7);
  await driver.answer(at("edad"), { type: "number", text: "40" });
  // 40 and no TikTok (not ticked yet): the hours question drops out of the count.
  await expect(page.getByText(count(3, 6), { exact: true })).toBeVisible();
  await next(driver, "keyboard");
  await expectAt(page, "ciudad", 4, 6);
  await driver.answer(at("ciudad"), { type: "text", text: "Recife" });

  // Back to the answer that decides, and change it: the city is no longer asked.
  await back(driver);
  await expectAt(page, "edad", 3, 6);
  await back(driver);
  await expectAt(page, "viveEnBrasil", 2, 6);
  await driver.answer(at("viveEnBrasil"), { type: "radio", option: "No" });
  await expect(page.getByText(count(2, 5), { exact: true })).toBeVisible();
  await next(driver, "keyboard");
  await expectAt(page, "edad", 3, 5);
  await expect(driver.input(at("edad"))).toHaveValue("40");
  await next(driver, "keyboard");
  // Enter went from the age straight to the networks: the city is skipped.
  await expectAt(page, "redes", 4, 5);
  await driver.answer(at("redes"), { type: "checkbox", options: ["TikTok"] });
  await next(driver, "keyboard");
  // TikTok, but not living in Brazil: the hours question is skipped too.
  await expectAt(page, "comentarios", 5, 5);

  // Back across the skipped questions, then forward again.
  await back(driver);
  await expectAt(page, "redes", 4, 5);
  await back(driver);
  await expectAt(page, "edad", 3, 5);
  await next(driver, "keyboard");
  await expectAt(page, "redes", 4, 5);
  await driver.expectTicked(at("redes"), ["TikTok"]);
  await next(driver, "keyboard");
  await expectAt(page, "comentarios", 5, 5);
  await expect(driver.submitButton).toBeVisible();
  // Enter in the comments box would be a new line: Enviar is clicked.
  await submitAndExpectThankYou(new SurveyDriver(page, survey, "mouse", spec.stack.baseURL));

  const row = await waitForOneRow(spec.access, survey.table, name);
  expectRowToMatch(row, {
    nome_completo: name, vive_en_brasil: "No", edad: "40", ciudad: null, redes: ["TikTok"], horas_tiktok: null, comentarios: null, visit_id: visitIdOf(row),
  });
});
