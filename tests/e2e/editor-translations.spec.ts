/**
 * The editor shows a survey's translations (the three-language fixture in a
 * copy of the project, its pt-BR file missing one text and with one stale):
 * a language picker, each source text beside its translation, the missing
 * one marked, the stale one flagged.
 */
import AxeBuilder from "@axe-core/playwright";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { REPO_ROOT } from "./support/paths.ts";
import { expect, test } from "./support/test.ts";

let copy: ProjectCopy;
let editor: EditorServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  copy = copyProject();
  const surveys = join(copy.root, "surveys");
  cpSync(join(REPO_ROOT, "tests/fixtures/surveys/trilingual"), surveys, { recursive: true });
  const portuguese = join(surveys, "translations", "trilingual.pt-BR.json");
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
  await expect(panel.getByRole("row").filter({ hasText: "¿Cómo te llamas?" })).toContainText("Qual é o seu nome? (The source changed after this translation)");
  await expect(panel.getByRole("row").filter({ hasText: "Ejerciendo la medicina" })).toContainText("Exercendo a medicina");

  await panel.getByRole("combobox", { name: "Language" }).selectOption("en");
  await expect(panel.getByRole("row").filter({ hasText: "Ejerciendo la medicina" })).toContainText("Practising medicine");
  await expect(panel.getByText("Translation missing")).toHaveCount(0);

  const { violations } = await new AxeBuilder({ page }).include("details.translations").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
});
