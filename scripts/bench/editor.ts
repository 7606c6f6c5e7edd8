/**
 * The survey editor (`npm run edit`) at 4x CPU throttling, in a cold
 * Chromium (a fresh browser and profile) on a temporary copy of the project:
 *
 * - Keystroke → preview: typing into the title of foreign-form's question 3,
 *   from the keydown (a capture listener on window, before the editor's own)
 *   to the moment the preview's text holds the new title (a MutationObserver
 *   on the preview, timestamped with performance.now()).
 * - Opening a generated 200-question survey: from the click on its file
 *   button to the moment its question list has every question and the
 *   preview shows the first question's title; the first cards have their
 *   fields then, the others draw theirs in idle time (use-drawn-later.ts),
 *   and the moment the last one has is shown too, without a budget.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { startEditorServer } from "../editor/server.ts";
import { copyProject } from "../lib/project-copy.ts";
import { longSurvey, type SurveyLike } from "../lib/long-survey.ts";
import { readSurveyFiles } from "../lib/survey-files.ts";
import { REPO_ROOT } from "./build.ts";
import { CHROMIUM_PATH, CHROME_FLAGS, median } from "./common.ts";
import { CPU_THROTTLING } from "./interaction.ts";
import { ms, withBudget, type Figure } from "./report.ts";
import type { Budgets } from "./budgets.ts";

const KEYSTROKES = 24;
const EDITED_SURVEY = "foreign-form";
const EDITED_QUESTION = 2;
export const GENERATED_QUESTIONS = 200;
const GENERATED_SURVEY = "editor-bench-200";

export interface EditorFigures {
  /** Keydown → the preview showing the new title, one per keystroke. */
  keystrokeToPreviewMs: number[];
  keystrokeToPreviewMedianMs: number;
  /** Click on the file → question list and preview shown. */
  openLargeSurveyMs: number;
  /** Click on the file → the last card's fields drawn (they are drawn in idle time after the first cards'). */
  everyFieldDrawnMs: number;
  questions: number;
}

async function throttledPage(browser: import("playwright-core").Browser): Promise<Page> {
  const page = await browser.newPage();
  // tsx (esbuild keepNames) wraps named functions in __name(); give the serialized functions that helper.
  await page.addInitScript("globalThis.__name ??= (target) => target;");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
  return page;
}

type Waiting = { shown: Promise<number>; happenedAt: number };

/**
 * Starts watching, in the page, for `ready` to become true after the next
 * `event` (keydown, click) on window; the returned function resolves with the
 * ms from that event's timestamp to the DOM mutation that made it so.
 */
async function watch(page: Page, event: "keydown" | "click", root: string, ready: { selector: string; count: number; text: string }): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ event, root, ready }) => {
      const waiting = window as unknown as Waiting;
      waiting.shown = new Promise<number>((resolve) => {
        let at = 0;
        const observed = document.querySelector(root)!;
        const observer = new MutationObserver(() => {
          const done = document.querySelectorAll(ready.selector).length >= ready.count && (document.querySelector(".preview-frame")?.textContent ?? "").includes(ready.text);
          if (at && done) {
            observer.disconnect();
            resolve(performance.now() - at);
          }
        });
        observer.observe(observed, { subtree: true, childList: true, characterData: true });
        window.addEventListener(event, (happened) => void (at = waiting.happenedAt = happened.timeStamp), { capture: true, once: true });
      });
    },
    { event, root, ready },
  );
  return () => page.evaluate(() => (window as unknown as Waiting).shown);
}

/** Clicks a file button; resolves with the ms from the click to all `questions` cards listed and the first title in the preview. */
async function openFile(page: Page, name: string, questions: number, firstTitle: string): Promise<number> {
  const shown = await watch(page, "click", "body", { selector: ".question-list > li", count: questions, text: firstTitle });
  await page.getByRole("button", { name: `${name}.json`, exact: true }).click();
  return shown();
}

/** After openFile: the ms from its click to the last card's fields drawn (src/editor/use-drawn-later.ts). */
function everyFieldDrawn(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const waiting = window as unknown as Waiting;
        const check = () => !document.querySelector(".question-pending") && (observer.disconnect(), resolve(performance.now() - waiting.happenedAt));
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true });
        check();
      }),
  );
}

/** Types one character into the focused title; resolves with keydown → the preview's text holding `expected`. */
async function keystroke(page: Page, key: string, expected: string): Promise<number> {
  const shown = await watch(page, "keydown", ".preview-frame", { selector: ".preview-frame", count: 1, text: expected });
  await page.keyboard.press(key);
  return shown();
}

export async function measureEditor(log: (line: string) => void): Promise<EditorFigures> {
  const copy = copyProject(REPO_ROOT);
  try {
    const surveysDir = join(copy.root, "surveys");
    const files = readSurveyFiles(surveysDir).files.map((file) => file.data as SurveyLike);
    const edited = files.find((survey) => survey.id === EDITED_SURVEY);
    if (!edited) throw new Error(`${surveysDir}: no survey "${EDITED_SURVEY}"`);
    const large = longSurvey(edited, GENERATED_SURVEY, GENERATED_QUESTIONS);
    writeFileSync(join(surveysDir, `${GENERATED_SURVEY}.json`), `${JSON.stringify(large, null, 2)}\n`);
    const editor = await startEditorServer({ root: copy.root, language: "en" });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
    try {
      const page = await throttledPage(browser);
      await page.goto(editor.url);
      const openLargeSurveyMs = await openFile(page, GENERATED_SURVEY, GENERATED_QUESTIONS, large.questions[0]!.title);
      const everyFieldDrawnMs = await everyFieldDrawn(page);
      log(`opened ${GENERATED_QUESTIONS} questions in ${Math.round(openLargeSurveyMs)} ms, every card's fields drawn at ${Math.round(everyFieldDrawnMs)} ms`);

      await openFile(page, EDITED_SURVEY, edited.questions.length, edited.questions[0]!.title);
      const title = page.locator(".question-list > li").nth(EDITED_QUESTION).getByRole("textbox", { name: "Title", exact: true });
      await title.focus();
      await title.press("End");
      let typed = edited.questions[EDITED_QUESTION]!.title;
      const keystrokeToPreviewMs: number[] = [];
      for (let n = 0; n < KEYSTROKES; n++) {
        const key = "abcdefghijklmnopqrstuvwxyz"[n % 26]!;
        typed += key;
        keystrokeToPreviewMs.push(await keystroke(page, key, typed));
        // A pause as between a person's keystrokes, so each sample starts from an idle page.
        await page.waitForTimeout(150);
      }
      log(`keystroke → preview: ${keystrokeToPreviewMs.map((value) => value.toFixed(0)).join(" ")} ms`);
      return { keystrokeToPreviewMs, keystrokeToPreviewMedianMs: median(keystrokeToPreviewMs), openLargeSurveyMs, everyFieldDrawnMs, questions: GENERATED_QUESTIONS };
    } finally {
      await browser.close();
      await editor.close();
    }
  } finally {
    copy.remove();
  }
}

/** The two figures of the editor step, judged by their budgets. */
export function editorFigures(editor: EditorFigures, budgets: Budgets): Figure[] {
  const samples = editor.keystrokeToPreviewMs;
  return [
    withBudget(
      {
        id: "editor keystrokeToPreview",
        label: `editor: keystroke in a title → preview, ${EDITED_SURVEY} (${CPU_THROTTLING}x CPU, cold Chromium, median of ${samples.length})`,
        value: editor.keystrokeToPreviewMedianMs,
        unit: "ms",
        display: `${editor.keystrokeToPreviewMedianMs.toFixed(1)} ms (${Math.min(...samples).toFixed(1)}–${Math.max(...samples).toFixed(1)} ms)`,
      },
      "<=",
      budgets.editorKeystrokeToPreviewMsMax,
      `≤ ${ms(budgets.editorKeystrokeToPreviewMsMax)}`,
    ),
    withBudget(
      { id: "editor openLargeSurvey", label: `editor: open a ${editor.questions}-question survey → its list and preview shown (${CPU_THROTTLING}x CPU)`, value: editor.openLargeSurveyMs, unit: "ms", display: ms(editor.openLargeSurveyMs) },
      "<=",
      budgets.editorOpenLargeSurveyMsMax,
      `≤ ${ms(budgets.editorOpenLargeSurveyMsMax)}`,
    ),
    { id: "editor everyFieldDrawn", label: `editor: the same, until every card's fields are drawn (in idle time after the first cards')`, value: editor.everyFieldDrawnMs, unit: "ms", display: ms(editor.everyFieldDrawnMs) },
  ];
}
