/**
 * Quality flags in a real browser against the real data API, with the
 * fixture survey tests/fixtures/surveys/quality/quality-flags.json (never
 * shipped): a name, a three-row matrix, a radio; rules: 3 s per answered
 * question (9 s for the three: a bot driven by Playwright stays well under it
 * on a loaded machine), the honeypot, the same column on every matrix row. A bot that
 * fills the hidden box and races through reaches the thank-you page like
 * anyone, and its row is stored with the flags the database computed; a
 * person who takes their time is stored with none.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { rowsByName } from "./support/db.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { fixtureStack } from "./support/spec-stack.ts";
import { loadSurveyFile, uniqueName } from "./support/survey.ts";
import { expect, PHONE, test } from "./support/test.ts";

const survey = loadSurveyFile(join(REPO_ROOT, "tests/fixtures/surveys/quality/quality-flags.json"));

test.use({ reducedMotion: "reduce", viewport: PHONE });

const spec = fixtureStack(join(REPO_ROOT, "tests/fixtures/surveys/quality"));
const access = () => ({ apiUrl: spec.stack.api.url, serviceRoleKey: spec.stack.api.serviceRoleKey });

/** Answers the three questions (the matrix row by row) and waits `pauseMs` before Enviar. */
async function answer(page: Page, name: string, matrix: string[], pauseMs: number): Promise<void> {
  await page.getByRole("textbox", { name: survey.questions[0]!.title }).fill(name);
  await page.getByRole("button", { name: survey.messages.next }).click();
  for (const [index, row] of ["Clases en vivo", "Simulacros", "Mentoría"].entries()) {
    await page.getByRole("radiogroup", { name: row, exact: true }).getByRole("radio", { name: matrix[index]!, exact: true }).click();
  }
  await page.getByRole("button", { name: survey.messages.next }).click();
  await page.getByRole("radio", { name: "Sí" }).check();
  await page.waitForTimeout(pauseMs);
  await page.getByRole("button", { name: survey.messages.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${survey.thankYou.path}$`), { timeout: 30_000 });
}

async function open(page: Page): Promise<void> {
  await page.goto(`${spec.stack.baseURL}${survey.route}`);
  await page.waitForFunction(() => {
    const input = document.querySelector(".question input");
    return input !== null && Object.keys(input).some((key) => key.startsWith("__react"));
  });
}

test("a bot that fills the hidden box and races through is thanked, and stored flagged without the box's text", async ({ page }) => {
  const name = uniqueName("bot");
  await open(page);
  await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
  await answer(page, name, ["Mucho", "Mucho", "Mucho"], 0);
  const rows = await rowsByName(access(), survey.table, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.website).toBeNull();
  expect(new Set(rows[0]!.quality as string[])).toEqual(new Set(["honeypot", "too_fast", "same_answers"]));
});

test("a person who takes their time is stored with no flag", async ({ page }) => {
  const name = uniqueName("person");
  await open(page);
  // Three answers at 3 s each: more than that since the page opened.
  await answer(page, name, ["Mucho", "Algo", "Nada"], 10_000);
  const rows = await rowsByName(access(), survey.table, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.quality).toEqual([]);
});
