/**
 * The survey editor and the files it opens, on a copy of the project: a file
 * changed on disk is reloaded or shown as a conflict, a file of an earlier
 * form opens brought up to date, a long survey opens at once and fills in,
 * and axe finds no WCAG A/AA violation.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { longSurvey, type SurveyLike } from "../../scripts/lib/long-survey.ts";
import { axeViolations, WCAG_22_AA } from "./support/axe.ts";
import { copy, editFormsOnCopy, editor, jump, openEverySection, openForeignForm, original, question, surveyFile, tabTo } from "./support/editor-copy.ts";
import { expect, test } from "./support/test.ts";

editFormsOnCopy();

test("a file changed on disk is reloaded; changed on both sides, the conflict keeps both versions", async ({ page }) => {
  await openForeignForm(page);
  const title = question(page, "nomeCompleto").getByRole("textbox", { name: "Title", exact: true });
  writeFileSync(surveyFile(), original.replace("¿Cuál es tu nombre completo?", "¿Cómo te llamas?"));
  await expect(page.getByRole("status").filter({ hasText: "changed on disk and was reloaded" })).toBeVisible();
  await expect(title).toHaveValue("¿Cómo te llamas?");

  await title.fill("Mine: ¿tu nombre?");
  const theirs = original.replace("¿Cuál es tu nombre completo?", "Theirs: ¿nombre?");
  writeFileSync(surveyFile(), theirs);
  const conflict = page.getByRole("alert").filter({ hasText: "changed outside the editor" });
  await expect(conflict).toBeVisible();
  await conflict.getByText("The version on disk", { exact: true }).click();
  await expect(conflict.getByRole("textbox", { name: "The version on disk" })).toHaveValue(theirs);
  expect(readFileSync(surveyFile(), "utf8")).toBe(theirs);

  await conflict.getByRole("button", { name: "Use the version on disk" }).click();
  await expect(title).toHaveValue("Theirs: ¿nombre?");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(title).toHaveValue("Mine: ¿tu nombre?");
});

test("a file written for an earlier form of the schema opens brought up to date, and Save writes what validate --fix writes", async ({ page }) => {
  const fixtures = join(import.meta.dirname, "..", "fixtures", "surveys");
  const older = readFileSync(join(fixtures, "schema-form-1", "newsletter-form.json"), "utf8");
  const oldFile = join(copy.root, "surveys", "newsletter-form.json");
  writeFileSync(oldFile, older);
  try {
    await page.goto(editor.url);
    await tabTo(page, page.getByRole("button", { name: "newsletter-form.json" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "written for an earlier form of the schema" })).toContainText("redirect {path, delayMs} → thankYou.path, thankYou.delayMs");
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    expect(readFileSync(oldFile, "utf8")).toBe(older);
    await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
    await expect(page.getByText("All changes saved")).toBeVisible();
    expect(readFileSync(oldFile, "utf8")).toBe(readFileSync(join(fixtures, "schema-form-2", "newsletter-form.json"), "utf8"));
  } finally {
    rmSync(oldFile, { force: true });
  }
});

test("a long survey opens with every question listed; a card reached by its jump link has its fields at once, and soon every card has them", async ({ page }) => {
  const long = longSurvey(JSON.parse(original) as SurveyLike, "long-form", 60);
  const longFile = join(copy.root, "surveys", "long-form.json");
  writeFileSync(longFile, `${JSON.stringify(long, null, 2)}\n`);
  try {
    await page.goto(editor.url);
    await page.getByRole("button", { name: "long-form.json" }).click();
    await expect(page.locator(".question-list > li")).toHaveCount(60);
    const fiftieth = long.questions[49]!;
    await jump(page, fiftieth.title);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: `Move "${fiftieth.title}" up` })).toBeFocused();
    await expect(question(page, fiftieth.id).getByRole("textbox", { name: "Title", exact: true })).toHaveValue(fiftieth.title);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveCount(60);
  } finally {
    rmSync(longFile, { force: true });
  }
});

test("axe finds no WCAG A/AA violation in the editor with a survey open", async ({ page }) => {
  await openForeignForm(page);
  await openEverySection(page);
  expect(await axeViolations(page, { tags: WCAG_22_AA })).toBe("");
});
