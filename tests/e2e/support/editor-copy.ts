/**
 * The survey editor on a copy of the project, for the editor's browser specs:
 * the copy and the server, and how a keyboard user moves through the editor
 * (Tab to a control, the jump links, a question's card by its id).
 */
import type { Locator, Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditorServer, type EditorServer } from "../../../scripts/editor/server.ts";
import { copyProject, type ProjectCopy } from "../../../scripts/lib/project-copy.ts";
import { formatError, loadSurveys } from "../../../scripts/lib/validate.ts";
import { expect, test } from "./test.ts";

export let copy: ProjectCopy;
export let editor: EditorServer;
export let original: string;
export const surveyFile = () => join(copy.root, "surveys", "foreign-form.json");

/**
 * Registers, for the spec that calls it, a copy of the project and the editor
 * on it (in English), one test at a time, foreign-form.json put back after each.
 */
export function editFormsOnCopy(): void {
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
}

/**
 * Presses Tab, or Shift+Tab when `target` is above the focus, until `target` has the focus, as a keyboard user would.
 * The target is found once, not after every press: a role-and-name query walks the whole editor's page (hundreds of
 * fields), and a hundred presses with a query each were most of the keyboard spec's browser time. If the page
 * replaces the element meanwhile (React re-rendering it), it is found again.
 */
export async function tabTo(page: Page, target: Locator) {
  let element = await target.elementHandle();
  try {
    const backwards = await element.evaluate((node) => Boolean(document.activeElement && node.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING));
    for (let presses = 0; presses < 400; presses++) {
      const state = await element.evaluate((node) => (!node.isConnected ? "replaced" : node === document.activeElement ? "focused" : "elsewhere"));
      if (state === "focused") return;
      if (state === "replaced") {
        await element.dispose();
        element = await target.elementHandle();
      } else {
        await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
      }
    }
    throw new Error(`could not reach ${target} with the keyboard`);
  } finally {
    await element.dispose();
  }
}

/** Follows one of the editor's jump links, then goes on from there with Tab. */
export async function jump(page: Page, link: string | RegExp) {
  await tabTo(page, page.getByRole("navigation", { name: "Jump to" }).getByRole("link", { name: link }));
  await page.keyboard.press("Enter");
}

/** The editor's question before it saves a published survey whose options' values or conditions change (src/editor/model/live-changes.ts), in English. */
export const LIVE_CHANGES_PROMPT = "This survey is published";

/**
 * Opens foreign-form (published: the copy has its migrations). The editor's
 * question before a save that changes stored values or conditions is
 * answered with `liveChanges` ("accept" unless told) and its text kept in
 * `prompts`; any other dialog is dismissed, as Playwright does by default.
 */
export async function openForeignForm(page: Page, { liveChanges = "accept", prompts = [] as string[] }: { liveChanges?: "accept" | "dismiss"; prompts?: string[] } = {}) {
  page.on("dialog", (dialog) => {
    const live = dialog.message().startsWith(LIVE_CHANGES_PROMPT);
    if (live) prompts.push(dialog.message());
    void (live && liveChanges === "accept" ? dialog.accept() : dialog.dismiss());
  });
  await page.goto(editor.url);
  await tabTo(page, page.getByRole("button", { name: "foreign-form.json" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/**
 * Every folded section of the editor opened, then the page back at its top, for an audit: axe's target sizes
 * (WCAG 2.2) then measure the controls themselves. Left where the last section's click scrolled it, the sticky
 * bar lay over whichever control happened to be beneath it, and the verdict changed with the layout above it
 * (the A/B test's section, added above the last ones, put the endings' button there).
 */
export async function openEverySection(page: Page) {
  for (const summary of await page.locator("summary").all()) await summary.click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A question's card, named "N. emoji title id: <id> · <type>". */
export const question = (page: Page, id: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. .* id: ${id} · `) });

/** The lines `git diff` shows removed (-) and added (+) between two texts, in its order. */
export function diffLines(before: string, after: string): string[] {
  const [beforePath, afterPath] = [join(copy.root, "before.json"), join(copy.root, "after.json")];
  writeFileSync(beforePath, before);
  writeFileSync(afterPath, after);
  const result = spawnSync("git", ["diff", "--no-index", "-U0", beforePath, afterPath], { encoding: "utf8" });
  return result.stdout.split("\n").filter((line) => /^[-+](?![-+]{2} )/.test(line));
}

/**
 * What `npm run validate` says is wrong with a project's surveys, one line per error (none: it passes), by the
 * command's own check run in this process: a new `node --import tsx` for each spec's check cost 1.7 s of CPU.
 */
export function validationErrors(root: string): string[] {
  return loadSurveys(join(root, "surveys")).errors.map(formatError);
}
