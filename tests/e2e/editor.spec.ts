/**
 * The survey editor as a new content editor meets it, keyboard only, on a
 * copy of the project: the changes asked for reach the file as exactly those
 * lines, validate passes, the editor's database update writes a migration,
 * and the survey built from the files shows the new wording while storing
 * the renamed option's old value. Invalid changes cannot be saved. Conditions
 * and endings: editor-conditions.spec.ts; files changed elsewhere, older and
 * long files, axe: editor-files.spec.ts.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectRowToMatch, waitForOneRow } from "./support/db.ts";
import { SurveyDriver } from "./support/driver.ts";
import { copy, diffLines, editFormsOnCopy, jump, openForeignForm, original, question, surveyFile, tabTo, validationErrors } from "./support/editor-copy.ts";
import { submitAndExpectThankYou } from "./support/flows.ts";
import { startStack } from "./support/stack.ts";
import { expectedRow, loadSurveyFile, makePlan, uniqueName } from "./support/survey.ts";
import { expect, test } from "./support/test.ts";

editFormsOnCopy();

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
  // The new column, the survey's new definition version, then the report's tallies and the results site's survey row made again for the survey with it.
  expect(newMigrations).toHaveLength(4);
  expect(readFileSync(join(copy.root, "supabase", "migrations", newMigrations[0]!), "utf8")).toContain("ya_tienes_un_plan_de_negocio");
  expect(newMigrations[1]).toMatch(/_version_forms_estrangeiros\.sql$/);
  expect(newMigrations[2]).toMatch(/_tallies_forms_estrangeiros\.sql$/);
  expect(newMigrations[3]).toMatch(/_team_forms_estrangeiros\.sql$/);

  expect(validationErrors(copy.root)).toEqual([]);
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
