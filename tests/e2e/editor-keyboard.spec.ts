/**
 * The editor by keyboard, in Spanish: the first Tab stop is a link that
 * skips to the links to each question, so a keyboard user is there in a few
 * presses, not hundreds; and the page its server shows at another address is
 * in the editor's language.
 */
import { startEditorServer, type EditorServer } from "../../scripts/editor/server.ts";
import { copyProject, type ProjectCopy } from "../../scripts/lib/project-copy.ts";
import { es } from "../../src/editor/words/es.ts";
import { en } from "../../src/editor/words/en.ts";
import { expect, test } from "./support/test.ts";

let copy: ProjectCopy;
let editor: EditorServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  copy = copyProject();
  editor = await startEditorServer({ root: copy.root, language: "es" });
});
test.afterAll(async () => {
  await editor?.close();
  copy?.remove();
});

test("from the top of the page, two key presses reach the first question's link", async ({ page }) => {
  await page.goto(editor.url);
  await page.getByRole("button", { name: "foreign-form.json" }).click();
  await expect(page.getByRole("navigation", { name: es.jumpTo }).getByRole("link").first()).toBeVisible();
  // Back to the top of the page, as a keyboard user who just opened it: a click on its empty top-left corner moves Tab's starting point there.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.click(2, 2);

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: es.skipToQuestions });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: es.jumpTo }).getByRole("link").first()).toBeFocused();
});

test("the page at another address (localhost for 127.0.0.1) is in the editor's language", async ({ page }) => {
  const elsewhere = editor.url.replace("127.0.0.1", "localhost").replace(/\?.*$/, "");
  const response = await page.goto(elsewhere);
  expect(response?.status()).toBe(403);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.wrongAddress.heading);
  await expect(page).toHaveTitle(es.title);
  expect(await page.locator("body").innerText()).not.toContain(en.wrongAddress.heading);
});
