/**
 * The survey editor as a new content editor meets it, keyboard only, on a
 * copy of the project: the changes asked for reach the file as exactly those
 * lines, validate passes, the editor's database update writes a migration,
 * and the survey built from the files shows the new wording while storing
 * the renamed option's old value. Invalid changes cannot be saved; changes on
 * disk are reloaded or shown as a conflict; axe finds nothing.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { longSurvey, type SurveyLike } from "../../scripts/lib/long-survey.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { startStack } from "./support/stack.ts";
import { expectedRow, loadSurveyFile, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

let copy: ProjectCopy;
let editor: EditorServer;
let original: string;
const surveyFile = () => join(copy.root, "surveys", "foreign-form.json");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  copy = copyProject();
  editor = await startEditorServer({ root: copy.root, language: "en" });
  original = readFileSync(surveyFile(), "utf8");
});

test.afterAll(async () => {
  await editor?.close();
  copy?.remove();
});

test.afterEach(() => writeFileSync(surveyFile(), original));

/** Presses Tab, or Shift+Tab when `target` is above the focus, until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  const backwards = await target.evaluate((element) => Boolean(document.activeElement && element.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING));
  for (let presses = 0; presses < 400; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`could not reach ${target} with the keyboard`);
}

/** Follows one of the editor's jump links, then goes on from there with Tab. */
async function jump(page: Page, link: string | RegExp) {
  await tabTo(page, page.getByRole("navigation", { name: "Jump to" }).getByRole("link", { name: link }));
  await page.keyboard.press("Enter");
}

async function openForeignForm(page: Page) {
  await page.goto(editor.url);
  await tabTo(page, page.getByRole("button", { name: "foreign-form.json" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/** A question's card, named "N. emoji title id: <id> · <type>". */
const question = (page: Page, id: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${id} · `) });

/** The lines `git diff` shows removed (-) and added (+) between two texts, in its order. */
function diffLines(before: string, after: string): string[] {
  const [beforePath, afterPath] = [join(copy.root, "before.json"), join(copy.root, "after.json")];
  writeFileSync(beforePath, before);
  writeFileSync(afterPath, after);
  const result = spawnSync("git", ["diff", "--no-index", "-U0", beforePath, afterPath], { encoding: "utf8" });
  return result.stdout.split("\n").filter((line) => /^[-+](?![-+]{2} )/.test(line));
}

test("a content editor changes foreign-form with the keyboard only, and the file gets exactly those changes", async ({ page }) => {
  test.setTimeout(300_000);
  await openForeignForm(page);

  // The title of question 3.
  await jump(page, "3. 🧑‍⚕️ ¿Con qué género te identificas?");
  await tabTo(page, question(page, "genero").getByRole("textbox", { name: "Title", exact: true }));
  await page.keyboard.press("Control+a");
  await page.keyboard.type("¿Cuál es tu género?");
  await expect(page.getByRole("complementary", { name: "Preview" }).getByRole("heading", { name: "¿Cuál es tu género?" })).toBeVisible();

  // Rename an option of genero: it keeps storing the old text.
  await tabTo(page, question(page, "genero").getByRole("textbox", { name: "Option 1" }));
  await page.keyboard.press("Control+a");
  await page.keyboard.type("Hombre");
  await expect(question(page, "genero").getByText("Stored as “Masculino”")).toBeVisible();

  // Move the second option of pais up.
  const pais = JSON.parse(original).questions.find((item: { id: string }) => item.id === "pais");
  const [first, second] = pais.options as string[];
  await jump(page, /^\d+\. \S+ ¿En qué país vives/);
  await tabTo(page, question(page, "pais").getByRole("button", { name: `Move "${second}" up` }));
  await page.keyboard.press("Enter");
  await expect(question(page, "pais").getByRole("textbox", { name: "Option 1" })).toHaveValue(second!);

  // A text question asked only when empreender has a given answer.
  // The sections' links, always on screen, lead to the new question's fields.
  await page.keyboard.press("Alt+Shift+S");
  await tabTo(page, page.getByRole("navigation", { name: "Editor sections" }).getByRole("link", { name: "Add a question" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "The new question's title" })).toBeFocused();
  await page.keyboard.type("¿Ya tienes un plan de negocio?");
  await expect(page.getByText("Its id will be: yaTienesUnPlanDeNegocio")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Add question" }));
  await page.keyboard.press("Enter");
  const added = question(page, "yaTienesUnPlanDeNegocio");
  await expect(added.getByRole("textbox", { name: "Title", exact: true })).toBeFocused();
  // No emoji until one is chosen: none reaches respondents by default.
  await tabTo(page, added.getByRole("textbox", { name: "Emoji", exact: true }));
  await expect(added.getByRole("textbox", { name: "Emoji", exact: true })).toHaveAccessibleDescription("must not be empty");
  await page.keyboard.type("💼");
  await tabTo(page, added.getByRole("combobox", { name: "Ask it" }));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await tabTo(page, added.getByRole("combobox", { name: "Earlier question" }));
  // The pickers name questions by number and title (id second); type-ahead on the number, then Enter.
  await page.keyboard.type(`${JSON.parse(original).questions.findIndex((item: { id: string }) => item.id === "empreender") + 1}.`);
  await page.keyboard.press("Enter");
  await expect(added.getByRole("combobox", { name: "Earlier question" })).toHaveValue("empreender");

  await page.keyboard.press("Control+s");
  await expect(page.getByText("All changes saved")).toBeVisible();

  const empreender = JSON.parse(original).questions.find((item: { id: string }) => item.id === "empreender");
  const saved = readFileSync(surveyFile(), "utf8");
  expect(diffLines(original, saved)).toEqual([
    '-      "title": "¿Con qué género te identificas?",',
    '+      "title": "¿Cuál es tu género?",',
    '-        "Masculino",',
    '+        {',
    '+          "value": "Masculino",',
    '+          "label": "Hombre"',
    '+        },',
    // pais: the second option moved above the first (git shows it as the first moving down).
    `-        ${JSON.stringify(first)},`,
    `+        ${JSON.stringify(first)},`,
    "+    },",
    "+    {",
    '+      "id": "yaTienesUnPlanDeNegocio",',
    '+      "type": "text",',
    '+      "title": "¿Ya tienes un plan de negocio?",',
    '+      "emoji": "💼",',
    '+      "required": false,',
    '+      "showIf": {',
    '+        "question": "empreender",',
    `+        "equals": ${JSON.stringify(empreender.options[0].value ?? empreender.options[0])}`,
    "+      }",
  ]);
  expect(saved.indexOf(JSON.stringify(second))).toBeLessThan(saved.indexOf(JSON.stringify(first)));

  // The database follows: the editor runs codegen and names the new migration.
  const migrationsBefore = readdirSync(join(copy.root, "supabase", "migrations"));
  await tabTo(page, page.getByRole("button", { name: "Update the database files" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Wrote:" })).toContainText("supabase/migrations/");
  const newMigrations = readdirSync(join(copy.root, "supabase", "migrations")).filter((name) => !migrationsBefore.includes(name)).sort();
  // The new column, then the report's tallies made again for the survey with it.
  expect(newMigrations).toHaveLength(2);
  expect(readFileSync(join(copy.root, "supabase", "migrations", newMigrations[0]!), "utf8")).toContain("ya_tienes_un_plan_de_negocio");
  expect(newMigrations[1]).toMatch(/_tallies_forms_estrangeiros\.sql$/);

  const validate = spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-surveys.ts"], { cwd: copy.root, encoding: "utf8" });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
  copy.codegen();

  // The survey built from the files, on its own data API, shows the new wording and stores the renamed option's old value.
  const stack = await startStack({ surveysDir: join(copy.root, "surveys") });
  try {
    // The generic driver counts every question; walk it with an answer to empreender that leaves the new question out.
    const edited = loadSurveyFile(surveyFile());
    const survey = { ...edited, questions: edited.questions.filter((item) => item.id !== "yaTienesUnPlanDeNegocio") };
    const name = uniqueName("editor");
    const plan = makePlan(survey, name, "plain", (slider) => slider.default);
    const at = (id: string) => survey.questions.findIndex((item) => item.id === id);
    plan[at("genero")] = { type: "radio", option: "Masculino" };
    plan[at("empreender")] = { type: "radio", option: empreender.options[1].value ?? empreender.options[1] };
    const driver = new SurveyDriver(page, survey, "keyboard", stack.baseURL);
    await driver.open();
    await driver.fillAll(plan, {
      shown: async (index) => {
        if (index !== at("genero")) return;
        await expect(driver.heading(index)).toHaveText("¿Cuál es tu género?");
        await expect(page.getByRole("radio", { name: "Hombre", exact: true })).toBeVisible();
      },
    });
    await submitAndExpectThankYou(driver);
    const row = await waitForOneRow({ apiUrl: stack.api.url, serviceRoleKey: stack.api.serviceRoleKey }, survey.table, name);
    expect(row.genero).toBe("Masculino");
    expectRowToMatch(row, { ...expectedRow(survey, plan), ya_tienes_un_plan_de_negocio: null });
  } finally {
    await stack.stop();
  }
  writeFileSync(surveyFile(), original);
});

test("an invalid change shows its message beside the field and cannot be saved; the file stays as it was", async ({ page }) => {
  await openForeignForm(page);
  const first = question(page, "nomeCompleto");
  await first.getByRole("textbox", { name: "Title", exact: true }).fill("");
  await expect(first.getByRole("textbox", { name: "Title", exact: true })).toHaveAccessibleDescription("must not be empty");
  await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  expect(readFileSync(surveyFile(), "utf8")).toBe(original);
  // validate checks conditions only in a file the schema accepts, as npm run validate does.
  await page.getByRole("button", { name: "Undo" }).click();

  // A condition on a later question: genero asked only depending on idade, then moved above it.
  const genero = question(page, "genero");
  await genero.getByRole("combobox", { name: "Ask it" }).selectOption("only when an earlier answer…");
  await genero.getByRole("combobox", { name: "Earlier question" }).selectOption("idade");
  await genero.getByRole("button", { name: 'Move "¿Con qué género te identificas?" up' }).click();
  await expect(question(page, "genero").getByRole("group", { name: "When is this question asked?" })).toContainText('"idade" comes later');

  await page.getByRole("button", { name: "Save", exact: true }).press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  expect(readFileSync(surveyFile(), "utf8")).toBe(original);
});

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
  const validate = spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-surveys.ts"], { cwd: copy.root, encoding: "utf8" });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
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
  for (const summary of await page.locator("summary").all()) await summary.click();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join(", ")}`)).toEqual([]);
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
  const validate = spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-surveys.ts"], { cwd: copy.root, encoding: "utf8" });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
});
