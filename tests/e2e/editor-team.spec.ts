/**
 * The editor as the content team meets it: in Portuguese by default,
 * questions by their titles, a new question's id made from its title,
 * "Salvar e registrar" recording exactly the survey and its generated files
 * with a message that names the changes, the history showing and restoring
 * an earlier version byte for byte; the faults a keyboard user met are gone;
 * axe finds nothing in the Portuguese editor or its history panel.
 */
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { axeViolations, WCAG_22_AA } from "./support/axe.ts";
import { openEverySection } from "./support/editor-copy.ts";
import { expect, test } from "./support/test.ts";

let copy: ProjectCopy;
let editor: EditorServer;
let original: string;
const surveyFile = () => join(copy.root, "surveys", "foreign-form.json");
const git = (...args: string[]) => execFileSync("git", args, { cwd: copy.root, encoding: "utf8" });

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  copy = copyProject();
  writeFileSync(join(copy.root, ".gitignore"), "node_modules\ndist\n.data\n");
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=Equipe", "-c", "user.email=equipe@example.com", "commit", "--quiet", "-m", "início");
  editor = await startEditorServer({ root: copy.root });
  original = readFileSync(surveyFile(), "utf8");
});

test.afterAll(async () => {
  await editor?.close();
  copy?.remove();
});

const card = (page: Page, id: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${id} · `) });

async function openForeignForm(page: Page) {
  await page.goto(editor.url);
  await page.getByRole("button", { name: "foreign-form.json" }).click();
  await expect(page.getByText("Todas as alterações salvas")).toBeVisible();
}

test("it opens in Portuguese, questions shown by their titles with the id second", async ({ page }) => {
  await openForeignForm(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page).toHaveTitle("Editor de questionários");
  await expect(page.getByRole("heading", { name: "Editor de questionários" })).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Arquivo" }).getByRole("button", { name: "Salvar e registrar" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Ir para a pergunta" }).getByRole("link", { name: "3. 🧑‍⚕️ ¿Con qué género te identificas?" })).toBeVisible();
  await expect(card(page, "genero").getByRole("heading")).toHaveText(/^3\. 🧑‍⚕️ ¿Con qué género te identificas\? id: genero · radio$/);
});

test("a new question gets its id from its title, renamable until a migration creates its column; Salvar e registrar commits only its files, and the history restores the earlier version byte for byte", async ({ page }) => {
  test.setTimeout(180_000);
  writeFileSync(join(copy.root, "notes.txt"), "unrelated work in progress\n");
  await openForeignForm(page);

  await card(page, "genero").getByRole("textbox", { name: "Título", exact: true }).fill("¿Cuál es tu género?");
  await page.getByRole("textbox", { name: "Título da nova pergunta" }).fill("¿Tienes consultorio propio?");
  await expect(page.getByText("Id que ela recebe: tienesConsultorioPropio")).toBeVisible();
  await page.getByRole("button", { name: "Adicionar pergunta" }).click();
  const added = card(page, "tienesConsultorioPropio");
  await expect(added).toBeVisible();
  await added.getByRole("textbox", { name: "Emoji", exact: true }).fill("🏥");
  // Not yet in any migration: the id can still change, and does so with its references.
  const idField = added.getByRole("textbox", { name: "Id (nome da coluna no banco de dados)" });
  await idField.fill("consultorio");
  await idField.press("Enter");
  await expect(card(page, "consultorio")).toBeVisible();
  // A migrated question's id is locked, with the reason.
  await expect(card(page, "genero").getByText("Não pode mais mudar: a coluna genero já existe no banco de dados")).toBeVisible();
  await expect(card(page, "genero").getByRole("textbox", { name: "Id (nome da coluna no banco de dados)" })).toHaveCount(0);

  await page.getByRole("button", { name: "Salvar e registrar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Salvo e registrado no histórico" })).toBeVisible({ timeout: 60_000 });
  const files = git("show", "--name-only", "--format=", "HEAD").trim().split("\n");
  expect(files).toContain("surveys/foreign-form.json");
  // The new column's migration, the new definition version's, and the report's tallies and the results site's survey row made again for the survey with it.
  expect(files.filter((file) => file.startsWith("supabase/migrations/")).map((file) => file.replace(/^supabase\/migrations\/\d+_/, ""))).toEqual(["update_forms_estrangeiros.sql", "version_forms_estrangeiros.sql", "tallies_forms_estrangeiros.sql", "team_forms_estrangeiros.sql"]);
  expect(files.every((file) => file === "surveys/foreign-form.json" || file.startsWith("src/generated/") || file.startsWith("supabase/migrations/"))).toBe(true);
  expect(git("log", "-1", "--format=%s")).toBe("foreign-form: pergunta 3: título; nova pergunta “¿Tienes consultorio propio?”\n");
  expect(git("status", "--porcelain", "--", "notes.txt")).toBe("?? notes.txt\n");
  // Now migrated, the new question's id is locked too.
  await expect(card(page, "consultorio").getByText("Não pode mais mudar: a coluna consultorio já existe")).toBeVisible();

  const history = page.getByRole("region", { name: "Histórico" });
  await history.getByRole("button", { name: "Mostrar o histórico" }).click();
  const entries = history.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("nova pergunta “¿Tienes consultorio propio?”");
  await expect(entries.nth(1)).toContainText("por Equipe");
  await entries.first().getByRole("button", { name: "Ver as alterações" }).click();
  await expect(entries.first().locator("pre")).toContainText('+      "title": "¿Cuál es tu género?",');

  await entries.nth(1).getByRole("button", { name: "Restaurar esta versão" }).click();
  await expect(page.getByText("Alterações não salvas")).toBeVisible();
  await expect(card(page, "genero").getByRole("textbox", { name: "Título", exact: true })).toHaveValue("¿Con qué género te identificas?");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Todas as alterações salvas")).toBeVisible();
  expect(readFileSync(surveyFile(), "utf8")).toBe(original);
  git("checkout", "--quiet", "HEAD~1", "--", "surveys", "src/generated", "supabase");
  git("-c", "user.name=Equipe", "-c", "user.email=equipe@example.com", "commit", "--quiet", "-m", "de volta");
});

test("undoing Add a question leaves a working preview", async ({ page }) => {
  await openForeignForm(page);
  await page.getByRole("textbox", { name: "Título da nova pergunta" }).fill("¿Algo más?");
  await page.getByRole("button", { name: "Adicionar pergunta" }).click();
  await expect(card(page, "algoMas")).toBeVisible();
  await page.getByRole("button", { name: "Desfazer" }).click();
  await expect(card(page, "algoMas")).toHaveCount(0);
  const preview = page.getByRole("complementary", { name: "Prévia" });
  await expect(preview.getByText("A prévia não consegue mostrar")).toHaveCount(0);
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();

});

test("the preview of a question asked on a condition never reads past 100%", async ({ page }) => {
  // The last question asked only when genero is "Otro": hidden in a walk that has not answered genero.
  const survey = JSON.parse(original);
  const last = survey.questions.length - 1;
  survey.questions[last].showIf = { question: "genero", equals: "Otro" };
  writeFileSync(surveyFile(), `${JSON.stringify(survey, null, 2)}\n`);
  try {
    await openForeignForm(page);
    await card(page, survey.questions[last].id).getByRole("textbox", { name: "Título", exact: true }).focus();
    const preview = page.getByRole("complementary", { name: "Prévia" });
    await expect(preview.getByRole("heading", { name: survey.questions[last].title })).toBeVisible();
    await expect(preview.getByText(`${last + 1} de ${last + 1}`)).toBeVisible();
    await expect(preview.getByText("100% completo")).toBeVisible();
  } finally {
    writeFileSync(surveyFile(), original);
  }
});

test("the conflict notice is on screen where the editor is working, and a focused button is never under the sticky bar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openForeignForm(page);
  const last = card(page, "participarTestes");
  await last.getByRole("textbox", { name: "Título", exact: true }).fill("¿Te gustaría probar servicios nuevos?");
  writeFileSync(surveyFile(), original.replace("¿Cuál es tu nombre completo?", "Otro cambio"));
  const conflict = page.getByRole("alert").filter({ hasText: "Este arquivo foi alterado fora do editor" });
  await expect(conflict).toBeInViewport();
  await expect(conflict.getByRole("button", { name: "Usar a versão do disco" })).toBeInViewport();
  await conflict.getByRole("button", { name: "Usar a versão do disco" }).click();
  writeFileSync(surveyFile(), original);
  await expect(page.getByRole("status").filter({ hasText: "recarregado" })).toBeVisible();

  // Shift+Tab up to a move button: it scrolls into view below the sticky bar, not under it.
  const motivacao = JSON.parse(original).questions.find((question: { id: string }) => question.id === "motivacao");
  const up = card(page, "motivacao").getByRole("button", { name: `Subir “${motivacao.title}”` });
  // The card's header scrolled to the top of the window, under the bar; the focus on its title, below the bar.
  await up.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 4));
  await card(page, "motivacao").getByRole("textbox", { name: "Título", exact: true }).evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
  for (let presses = 0; presses < 12 && !(await up.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press("Shift+Tab");
  await expect(up).toBeFocused();
  const bar = await page.locator(".editor-sticky").boundingBox();
  const button = await up.boundingBox();
  expect(button!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
});

test("from the Database section, the question list is a few key presses away", async ({ page }) => {
  await openForeignForm(page);
  await page.getByRole("heading", { name: "Banco de dados" }).focus();
  await page.keyboard.press("Alt+Shift+S");
  const sections = page.getByRole("navigation", { name: "Seções do editor" });
  await expect(sections.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(sections.getByRole("link", { name: "Perguntas" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Ir para a pergunta" }).getByRole("link").first()).toBeFocused();
});

test("axe finds no WCAG A/AA violation in the Portuguese editor with its history panel open", async ({ page }) => {
  await openForeignForm(page);
  await page.getByRole("button", { name: "Mostrar o histórico" }).click();
  const entries = page.getByRole("region", { name: "Histórico" }).getByRole("listitem");
  await expect(entries.first()).toBeVisible();
  await entries.first().getByRole("button", { name: "Ver as alterações" }).click();
  await openEverySection(page);
  expect(await axeViolations(page, { tags: WCAG_22_AA })).toBe("");
});
