/**
 * The editor shows a survey's translations (the three-language fixture in a
 * copy of the project, its pt-BR file missing one text and with one stale):
 * a language picker, each source text beside its translation, the missing
 * one marked, the stale one flagged; and edits them: the missing one filled
 * in and saved makes the copy validate, the stale one confirmed, a
 * translation that loses a placeholder refused in the editor's words; and a
 * recorded version restored from the History with its translations.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { fingerprintOf } from "../../src/core/translations.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { axeViolations } from "./support/axe.ts";
import { validationErrors } from "./support/editor-copy.ts";
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

  expect(await axeViolations(page, { include: "details.translations" })).toBe("");
});

test("a missing translation filled in and saved from the keyboard: the file has it and the copy validates; a stale one confirmed; a lost placeholder refused", async ({ page }) => {
  expect(validationErrors(copy.root)).not.toEqual([]);
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
  expect(validationErrors(copy.root)).toEqual([]);

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

  expect(await axeViolations(page, { include: "details.translations" })).toBe("");
});

test("restoring a recorded version brings back its translations: shown in the panel and the preview before saving, taken back by Undo, and written byte for byte by Save", async ({ page }) => {
  test.setTimeout(120_000);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: copy.root, encoding: "utf8" });
  // The fixture's complete pt-BR file, whatever the tests before did to it: the recorded version starts from it.
  cpSync(join(REPO_ROOT, "tests/fixtures/surveys/trilingual/translations/trilingual.pt-BR.json"), portuguese);
  writeFileSync(join(copy.root, ".gitignore"), "node_modules\ndist\n.data\n");
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=Equipe", "-c", "user.email=equipe@example.com", "commit", "--quiet", "-m", "start");
  const started = { survey: git("show", "HEAD:surveys/trilingual.json"), portuguese: git("show", "HEAD:surveys/translations/trilingual.pt-BR.json") };
  expect(started.portuguese).toContain('"Qual é o seu nome?"');

  // A new version: the first question reworded, and its pt-BR translation with it, recorded.
  await page.goto(editor.url);
  await page.getByRole("button", { name: "trilingual.json" }).click();
  const card = page.getByRole("region", { name: /^\d+\. .* id: nombre · / });
  await card.getByRole("textbox", { name: "Title", exact: true }).fill("¿Cuál es tu nombre?");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const panel = page.locator("details.translations");
  await panel.getByRole("textbox", { name: "¿Cuál es tu nombre?" }).fill("Como você se chama?");
  await panel.getByRole("row").filter({ hasText: "¿Cuál es tu nombre?" }).getByRole("button", { name: "Save translation" }).click();
  await expect(panel.getByRole("row").filter({ hasText: "¿Cuál es tu nombre?" }).getByRole("status")).toHaveText("Translation saved.");
  await page.getByRole("button", { name: "Save and record" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved and recorded in the history" })).toBeVisible({ timeout: 60_000 });
  expect(git("show", "--name-only", "--format=", "HEAD")).toContain("surveys/translations/trilingual.pt-BR.json");

  // Restored: the old text and the translation made for it, in the preview and the panel, not yet on disk.
  const history = page.getByRole("region", { name: "History" });
  await history.getByRole("button", { name: "Show the history" }).click();
  const entries = history.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await entries.nth(1).getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "with its translations (pt-BR)" })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "¿Cómo te llamas?" })).toBeVisible();
  await expect(panel.getByText("These are the restored version's translations, not saved yet")).toBeVisible();
  const restored = panel.getByRole("textbox", { name: "¿Cómo te llamas?" });
  await expect(restored).toHaveValue("Qual é o seu nome?");
  await expect(restored).not.toBeEditable();
  expect(readFileSync(portuguese, "utf8")).toContain('"Como você se chama?"');
  expect(await axeViolations(page, { include: "details.translations" })).toBe("");

  // Undo takes back the text and its translations together; Redo restores both.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(preview.getByRole("heading", { name: "¿Cuál es tu nombre?" })).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "¿Cuál es tu nombre?" })).toHaveValue("Como você se chama?");
  await expect(panel.getByRole("textbox", { name: "¿Cuál es tu nombre?" })).toBeEditable();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(panel.getByRole("textbox", { name: "¿Cómo te llamas?" })).toHaveValue("Qual é o seu nome?");

  // Saved: the survey and its translation file as that version had them, byte for byte; the panel edits them again.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect(readFileSync(join(copy.root, "surveys", "trilingual.json"), "utf8")).toBe(started.survey);
  expect(readFileSync(portuguese, "utf8")).toBe(started.portuguese);
  await expect(panel.getByText("These are the restored version's translations, not saved yet")).toHaveCount(0);
  await expect(panel.getByRole("textbox", { name: "¿Cómo te llamas?" })).toHaveValue("Qual é o seu nome?");
  await expect(panel.getByRole("textbox", { name: "¿Cómo te llamas?" })).toBeEditable();

  // The restore is recorded like any change: both files in one commit.
  await page.getByRole("button", { name: "Save and record" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved and recorded in the history" })).toBeVisible({ timeout: 60_000 });
  expect(git("show", "--name-only", "--format=", "HEAD").trim().split("\n").filter((file) => file.startsWith("surveys/")).sort()).toEqual(["surveys/translations/trilingual.pt-BR.json", "surveys/trilingual.json"]);
});
