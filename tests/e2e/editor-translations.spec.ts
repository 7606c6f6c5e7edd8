/**
 * The editor shows a survey's translations (the three-language fixture in a
 * copy of the project, its pt-BR file missing one text and with one stale):
 * a language picker, each source text beside its translation, the missing
 * one marked, the stale one flagged; and edits them: the missing one filled
 * in and saved makes the copy validate, the stale one confirmed, a
 * translation that loses a placeholder refused in the editor's words.
 */
import AxeBuilder from "@axe-core/playwright";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { fingerprintOf } from "../../src/core/translations.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { expect, test } from "./support/test.ts";

let copy: ProjectCopy;
let editor: EditorServer;
let portuguese: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  copy = copyProject();
  const surveys = join(copy.root, "surveys");
  cpSync(join(REPO_ROOT, "tests/fixtures/surveys/trilingual"), surveys, { recursive: true });
  portuguese = join(surveys, "translations", "trilingual.pt-BR.json");
  const file = JSON.parse(readFileSync(portuguese, "utf8"));
  delete file.texts["/questions/3/subtitle"];
  file.texts["/questions/0/title"].source = "00000000";
  writeFileSync(portuguese, JSON.stringify(file, null, 2));
  editor = await startEditorServer({ root: copy.root, language: "en" });
});

test.afterAll(async () => {
  await editor?.close();
  copy?.remove();
});

test("a language picker, each source text beside its translation, the missing one marked and the stale one flagged", async ({ page }) => {
  await page.goto(editor.url);
  await page.getByRole("button", { name: "trilingual.json" }).click();
  const panel = page.locator("details.translations");
  await expect(panel.getByRole("combobox", { name: "Language" })).toHaveValue("pt-BR");
  await expect(panel.getByRole("row").filter({ hasText: "Marca los que quieras" })).toContainText("Translation missing");
  await expect(panel.getByRole("row").filter({ hasText: "¿Cómo te llamas?" })).toContainText("The source changed after this translation");
  await expect(panel.getByRole("textbox", { name: "¿Cómo te llamas?" })).toHaveValue("Qual é o seu nome?");
  await expect(panel.getByRole("textbox", { name: "Ejerciendo la medicina" })).toHaveValue("Exercendo a medicina");

  await panel.getByRole("combobox", { name: "Language" }).selectOption("en");
  await expect(panel.getByRole("textbox", { name: "Ejerciendo la medicina" })).toHaveValue("Practising medicine");
  await expect(panel.getByText("Translation missing")).toHaveCount(0);

  const { violations } = await new AxeBuilder({ page }).include("details.translations").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
});

const validate = () => spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-surveys.ts"], { cwd: copy.root, encoding: "utf8" });

test("a missing translation filled in and saved from the keyboard: the file has it and the copy validates; a stale one confirmed; a lost placeholder refused", async ({ page }) => {
  expect(validate().status).not.toBe(0);
  await page.goto(editor.url);
  await page.getByRole("button", { name: "trilingual.json" }).click();
  const panel = page.locator("details.translations");
  const missing = panel.getByRole("row").filter({ hasText: "Marca los que quieras" });
  await panel.getByRole("textbox", { name: "Marca los que quieras" }).fill("Marque os que quiser");
  await page.keyboard.press("Tab");
  await expect(missing.getByRole("button", { name: "Save translation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(missing.getByRole("status")).toHaveText("Translation saved.");
  await expect(panel.getByRole("textbox", { name: "Marca los que quieras" })).toBeFocused();
  await expect(panel.getByText("Translation missing")).toHaveCount(0);
  expect(JSON.parse(readFileSync(portuguese, "utf8")).texts["/questions/3/subtitle"]).toEqual({ text: "Marque os que quiser", source: fingerprintOf("Marca los que quieras") });
  const validated = validate();
  expect(validated.status, validated.stdout + validated.stderr).toBe(0);

  const stale = panel.getByRole("row").filter({ hasText: "¿Cómo te llamas?" });
  await stale.getByRole("button", { name: "Still right" }).click();
  await expect(stale.getByRole("status")).toHaveText("Translation saved.");
  await expect(stale).not.toContainText("The source changed after this translation");
  expect(JSON.parse(readFileSync(portuguese, "utf8")).texts["/questions/0/title"].source).toBe(fingerprintOf("¿Cómo te llamas?"));

  const before = readFileSync(portuguese, "utf8");
  const greeting = panel.getByRole("row").filter({ hasText: "¿en qué etapa estás?" });
  await panel.getByRole("textbox", { name: "Hola {answer:nombre|colega}, ¿en qué etapa estás?" }).fill("Olá, em que etapa você está?");
  await greeting.getByRole("button", { name: "Save translation" }).click();
  await expect(greeting.getByRole("status")).toHaveText("Not saved: the translation must keep the source text's placeholders: {answer:nombre}.");
  expect(readFileSync(portuguese, "utf8")).toBe(before);

  const { violations } = await new AxeBuilder({ page }).include("details.translations").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
});
