/**
 * The survey editor's condition builder and ranges, on a copy of the project:
 * menus browsed by arrow keys without rewriting a condition, conditions of
 * several tests, a slider's texts for ranges, endings chosen by answers, and
 * an A/B test whose group words a question otherwise, each saved as the file
 * validate accepts.
 */
import { readFileSync } from "node:fs";
import { copy, editFormsOnCopy, openForeignForm, original, question, surveyFile, validationErrors } from "./support/editor-copy.ts";
import { expect, test } from "./support/test.ts";

editFormsOnCopy();

test("arrow keys in a condition's menus browse without rewriting the condition; Enter or leaving the menu applies the choice", async ({ page }) => {
  await openForeignForm(page);
  const condition = question(page, "empreender").getByRole("group", { name: "When is this question asked?" });
  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when an earlier answer…");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const earlier = condition.getByRole("combobox", { name: "Earlier question" });
  const before = await earlier.inputValue();
  await earlier.focus();
  for (const key of ["ArrowUp", "ArrowUp", "ArrowUp"]) await page.keyboard.press(key);
  const browsed = await earlier.inputValue();
  expect(browsed).not.toBe(before);
  // Nothing was rewritten while browsing: the file's condition is as saved.
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(condition.getByRole("combobox", { name: "Test" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const saved = (JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string; showIf?: { question?: string } }[] }).questions.find((other) => other.id === "empreender")!.showIf;
  expect(saved?.question).toBe(browsed);
});

test("foreign-form is published: a save that changes a question's condition names it first; cancelled, the file is as it was; confirmed, it is saved", async ({ page }) => {
  const prompts: string[] = [];
  await openForeignForm(page, { liveChanges: "dismiss", prompts });
  const condition = question(page, "empreender").getByRole("group", { name: "When is this question asked?" });
  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when an earlier answer…");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => prompts.length).toBe(1);
  expect(prompts[0]).toContain("• “empreender”: the condition that shows the question changes");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  expect(readFileSync(surveyFile(), "utf8")).toBe(original);
  page.removeAllListeners("dialog");
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect((JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string; showIf?: unknown }[] }).questions.find((other) => other.id === "empreender")!.showIf).toBeDefined();
});

test("a condition of several tests: all must hold, or one of them; a test removed, then back to one test", async ({ page }) => {
  await openForeignForm(page);
  const condition = question(page, "empreender").getByRole("group", { name: "When is this question asked?" });
  const tests = condition.getByRole("listitem");
  const saved = () => (JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string; showIf?: unknown }[] }).questions.find((other) => other.id === "empreender")!.showIf;
  const save = async () => {
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
  };

  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when all of these hold…");
  await tests.nth(0).getByRole("combobox", { name: "Earlier question" }).selectOption("genero");
  // A new test is "answered" on the last question asked before; genero keeps it until the test is changed.
  await tests.nth(0).getByRole("combobox", { name: "Test" }).selectOption("is");
  await tests.nth(0).getByRole("combobox", { name: "Option" }).selectOption("Femenino");
  await condition.getByRole("button", { name: "Add a test" }).click();
  await tests.nth(1).getByRole("combobox", { name: "Earlier question" }).selectOption("idade");
  await tests.nth(1).getByRole("combobox", { name: "Test" }).selectOption("is at least");
  await tests.nth(1).getByRole("spinbutton", { name: "Number" }).fill("30");
  await save();
  expect(saved()).toEqual({ all: [{ question: "genero", equals: "Femenino" }, { question: "idade", atLeast: 30 }] });

  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when one of these holds…");
  await save();
  expect(saved()).toEqual({ any: [{ question: "genero", equals: "Femenino" }, { question: "idade", atLeast: 30 }] });

  await condition.getByRole("button", { name: "Remove test 1" }).click();
  await expect(condition.getByRole("button", { name: "Remove test 1" })).toHaveCount(0);
  await condition.getByRole("combobox", { name: "Ask it" }).selectOption("only when an earlier answer…");
  await save();
  expect(saved()).toEqual({ question: "idade", atLeast: 30 });
  expect(validationErrors(copy.root)).toEqual([]);
});

test("a slider's texts for ranges: a range narrowed, one added (refused while it overlaps another), then removed", async ({ page }) => {
  await openForeignForm(page);
  const ranges = question(page, "influenciaOnline").getByRole("group", { name: "Texts shown for ranges of values" });
  // The ranges, not the list items of a field's problems ("must not be empty" is a list item too: counting those made this test flaky).
  const rows = ranges.locator(".value-labels > li");
  const labels = () => (JSON.parse(readFileSync(surveyFile(), "utf8")) as { questions: { id: string; valueLabels?: unknown[] }[] }).questions.find((other) => other.id === "influenciaOnline")!.valueLabels;
  const before = labels()!;

  await rows.nth(2).getByRole("spinbutton", { name: "To" }).fill("8");
  await ranges.getByRole("button", { name: "Add a text for a range" }).click();
  await expect(rows).toHaveCount(5);
  // Its text is left to write, and then it still overlaps the last range: each is said beside its field, and saving is refused.
  await expect(rows.nth(4).getByRole("textbox", { name: "Text shown for 10–10" })).toHaveAccessibleDescription("must not be empty");
  await rows.nth(4).getByRole("textbox", { name: "Text shown for 10–10" }).fill("Influye mucho");
  await expect(rows.nth(4).getByRole("spinbutton", { name: "From" })).toHaveAccessibleDescription(/overlaps "Influye totalmente"/);
  await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  expect(labels()).toEqual(before);

  await rows.nth(4).getByRole("spinbutton", { name: "From" }).fill("9");
  await rows.nth(4).getByRole("spinbutton", { name: "To" }).fill("9");
  await expect(rows.nth(4).getByRole("spinbutton", { name: "From" })).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect(labels()).toEqual([...before.slice(0, 2), { from: 7, to: 8, label: "Influye bastante" }, before[3], { from: 9, to: 9, label: "Influye mucho" }]);

  await ranges.getByRole("button", { name: "Remove the text for 9–9" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect(labels()).toEqual([...before.slice(0, 2), { from: 7, to: 8, label: "Influye bastante" }, before[3]]);
});

test("endings by answers: started, one ending's condition built with the condition builder, saved as the file's endings, and validate passes", async ({ page }) => {
  await openForeignForm(page);
  await page.getByText("Endings by answers", { exact: true }).click();
  await page.getByRole("button", { name: "End by the answers" }).click();
  const condition = page.getByRole("group", { name: 'When does the response end on "final-1"?' });
  await condition.getByRole("combobox", { name: "End here" }).selectOption("only when an earlier answer…");
  await condition.getByRole("combobox", { name: "Earlier question" }).selectOption("genero");
  // A new test is "answered" on the last question; genero keeps it until the test is changed.
  await condition.getByRole("combobox", { name: "Test" }).selectOption("is");
  await condition.getByRole("combobox", { name: "Option" }).selectOption("Femenino");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const saved = (JSON.parse(readFileSync(surveyFile(), "utf8")) as { endings?: unknown }).endings;
  expect(saved).toEqual([{ id: "final-1", showIf: { question: "genero", equals: "Femenino" } }, { id: "padrao" }]);
  expect(validationErrors(copy.root)).toEqual([]);
});

test("an A/B test: started, group b words a question otherwise (its title, one option's label), saved, and validate passes", async ({ page }) => {
  await openForeignForm(page);
  await page.getByText("A/B test", { exact: true }).click();
  await page.getByRole("button", { name: "Start an A/B test (groups “a” and “b”)" }).click();
  const groupB = page.locator("ol.arms > li").nth(1);
  const picker = groupB.getByRole("combobox", { name: "Word another question differently in this group" });
  // The first question is on screen before the group is known: never offered.
  await expect(picker.locator("option", { hasText: "¿Cuál es tu nombre completo?" })).toHaveCount(0);
  await picker.selectOption("genero");
  const worded = groupB.getByRole("group", { name: "How group “b” shows “¿Con qué género te identificas?”" });
  await worded.getByRole("textbox", { name: "Title in this group (empty: the question's)", exact: true }).fill("¿Cuál es tu género?");
  await worded.getByRole("textbox", { name: /^Option “Femenino” in this group/ }).fill("Mujer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const saved = (JSON.parse(readFileSync(surveyFile(), "utf8")) as { arms?: unknown }).arms;
  expect(saved).toEqual([{ id: "a" }, { id: "b", questions: { genero: { title: "¿Cuál es tu género?", options: { Femenino: "Mujer" } } } }]);
  expect(validationErrors(copy.root)).toEqual([]);
});
