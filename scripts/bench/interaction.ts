/**
 * Interaction cost in Chromium at 4x CPU throttling, measured in the page with
 * performance.now() by the probe of interaction-probe.ts (Node only drives the
 * keyboard and the mouse):
 *
 * - Enter → next question: from the Enter keydown (a capture listener on
 *   window, which runs before the app's own) to the moment the next question's
 *   input is in the DOM and focusable (not inert, not disabled, laid out) or
 *   has the focus — checked on every DOM mutation, focus change and animation
 *   frame — minus the configured slide animation (ANIMATION in
 *   src/core/navigation.ts). Every question of each survey is answered
 *   validly, then Enter (in a textarea, where Enter is a new line, Enter on
 *   the Next button); the last question is not sent.
 * - Keystroke → next frame, typing into the first (text) question: from the
 *   keydown to the end of the first frame after the input event (its
 *   requestAnimationFrame callback, then a task posted from it, which runs once
 *   that frame's style, layout and paint are done on the main thread).
 *
 * Each figure is measured beside a control in the same browser at the same
 * throttling (scripts/bench/control/: a plain React page with one input that
 * shows the next question after the same slide duration), interleaved with
 * the app's own samples — a block of keystrokes on one, then on the other;
 * one Enter on the control before each Enter in the survey — so that both see
 * the same moment of this shared machine. The budgets judge the difference.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { ANIMATION } from "../../src/core/navigation.ts";
import { questionTypes, toolsOfType } from "../../src/question-types/registry.ts";
import { TYPED_NAME as TYPED } from "../../src/question-types/text/tools.ts";
import type { QuestionType } from "../../src/question-types/types.ts";
import { CHROMIUM_PATH, CHROME_FLAGS, median } from "./common.ts";
import { arm, collect, FOCUSABLE, instrument, type Keystroke } from "./interaction-probe.ts";

export const CPU_THROTTLING = 4;
export const ANIMATION_MS = ANIMATION.leaveMs + ANIMATION.enterMs;
const KEYSTROKE_BLOCKS = 12;
const KEYSTROKES_PER_BLOCK = 5;

export interface EnterStep {
  from: number;
  kind: QuestionKind;
  /** Keydown → next question focusable, animation included. */
  totalMs: number;
  overheadMs: number;
  /** Whether the focus was already inside the new question when it became focusable. */
  focused: boolean;
  /** Keydown → focus inside the new question; null when the app had not moved it there 500 ms after the question became focusable. */
  focusMs: number | null;
}

export interface VariantInteraction {
  route: string;
  steps: EnterStep[];
  keystrokes: Keystroke[];
  /** The control's samples, taken between the route's own. */
  control: { enterMs: number[]; keystrokes: Keystroke[] };
  /** Median Enter → next question (animation included) minus the control's median. */
  enterOverControlMs: number;
  /** Median keystroke → frame minus the control's median. */
  keystrokeOverControlMs: number;
  enterOverheadMedianMs: number;
  keystrokeToFrameMedianMs: number;
  /** Where a keystroke's time goes (each part's median, so they need not add up to the total). */
  keystrokeBreakdown: { keydownToInputMs: number; inputHandlingMs: number; waitForFrameMs: number; frameRenderingMs: number };
  warnings: string[];
}

type QuestionKind = QuestionType | "unknown";

/** Waits until the main thread has had an idle moment (and at least `ms`), as between a respondent's actions. */
async function settle(page: Page, ms = 150): Promise<void> {
  await page.waitForTimeout(ms);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
}

/** The type of the question on screen, found by its control (each type's tools name a selector that only its control matches). */
async function kindOf(page: Page): Promise<QuestionKind> {
  const controls = questionTypes().map((type) => [type, toolsOfType(type).bench.control] as const);
  return page.evaluate((controls) => {
    const question = document.querySelector(".question");
    return controls.find(([, control]) => question?.querySelector(control))?.[0] ?? "unknown";
  }, controls);
}

/** Answers the current question validly and leaves the focus where Enter moves on. */
async function answer(page: Page, kind: QuestionKind): Promise<void> {
  if (kind === "unknown") throw new Error("no question input found on the page (expected .question with an input)");
  await toolsOfType(kind).bench.answer(page, page.locator(".question"));
  // Valid: the Next button is enabled.
  await page.waitForFunction(() => !document.querySelector(".navigation-buttons button:last-child")?.hasAttribute("disabled"), undefined, { timeout: 5000 });
}

async function measureKeystrokes(page: Page, count: number): Promise<Keystroke[]> {
  const input = page.locator(".question input").first();
  await input.focus();
  await input.fill("");
  const keystrokes: Keystroke[] = [];
  for (let i = 0; i < count; i++) {
    await arm(page, "key");
    await page.keyboard.press(TYPED[i % TYPED.length]!);
    const keystroke = await collect<Keystroke>(page);
    if (Number.isNaN(keystroke.frameMs)) throw new Error(`key "${TYPED[i % TYPED.length]}" in the first question fired no input event`);
    keystrokes.push(keystroke);
    await settle(page, 40);
  }
  return keystrokes;
}

/** Hydrated: React has attached itself to the prerendered input. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const input = document.querySelector(".question input, .question textarea, .question [role]");
    return input !== null && Object.keys(input).some((key) => key.startsWith("__react"));
  }, undefined, { timeout: 20_000 });
}

/** One Enter on the control page: keydown → its next question focusable (the slide's duration included). */
async function controlEnter(control: Page): Promise<number> {
  await control.locator(".question input").focus();
  await settle(control);
  await arm(control, "enter");
  await control.keyboard.press("Enter");
  const result = await collect<{ ms: number }>(control);
  if (Number.isNaN(result.ms)) throw new Error("control page: Enter did not bring the next question within 15 s");
  return result.ms;
}

async function measureVariant(page: Page, control: Page, url: string, route: string, assetCount: number, log: (line: string) => void): Promise<VariantInteraction> {
  const warnings: string[] = [];
  await page.goto(url, { waitUntil: "load" });
  await waitForHydration(page);
  // The app prefetches the other question types and the submit path while the first question is read: let it finish.
  const prefetched = await page
    .waitForFunction((count) => new Set(performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => /\/assets\/.*\.js$/.test(name))).size >= count, assetCount, { timeout: 15_000, polling: 100 })
    .then(() => true, () => false);
  if (!prefetched) warnings.push(`${route}: not every JS chunk was fetched within 15 s of load; the first steps may include chunk downloads`);
  await settle(page, 300);

  if (!(await page.locator(".question input[type=text]").count())) throw new Error(`${route}: the keystroke figure types into the first question, which is not a text question`);
  // One block on each, not counted: the first keystrokes in a fresh page run colder code (JIT, caches) on either side.
  await measureKeystrokes(page, KEYSTROKES_PER_BLOCK);
  await measureKeystrokes(control, KEYSTROKES_PER_BLOCK);
  const keystrokes: Keystroke[] = [];
  const controlKeystrokes: Keystroke[] = [];
  for (let block = 0; block < KEYSTROKE_BLOCKS; block++) {
    // Alternate which goes first, so that neither always follows the other's work.
    const order = block % 2 === 0 ? [page, control] : [control, page];
    for (const target of order) (target === page ? keystrokes : controlKeystrokes).push(...(await measureKeystrokes(target, KEYSTROKES_PER_BLOCK)));
  }
  const steps: EnterStep[] = [];
  const controlEnterMs: number[] = [];
  // "1 de 19": the question count, from the progress line.
  const total = await page.evaluate(() => Number(/(\d+)\D*$/.exec(document.querySelector(".progress-text span")?.textContent ?? "")?.[1] ?? 0));
  if (!(total > 1)) throw new Error(`${route}: could not read the number of questions from the progress line (.progress-text)`);
  for (let index = 0; index < total - 1; index++) {
    const kind = await kindOf(page);
    controlEnterMs.push(await controlEnter(control));
    // The first question is the text question typed into above.
    if (index > 0) await answer(page, kind);
    else await page.locator(".question input").first().focus();
    await settle(page);
    await arm(page, "enter");
    await page.keyboard.press("Enter");
    const result = await collect<{ ms: number; focused: boolean; focusMs: number | null }>(page);
    if (Number.isNaN(result.ms)) throw new Error(`${route}: question ${index + 1} (${kind}): Enter did not bring the next question within 15 s`);
    steps.push({ from: index + 1, kind, totalMs: result.ms, overheadMs: result.ms - ANIMATION_MS, focused: result.focused, focusMs: result.focusMs });
    // Wait for the slide to end before answering the next one.
    await page.waitForFunction(() => document.querySelector(".question-stage")?.getAttribute("data-phase") === "idle", undefined, { timeout: 5000 });
  }
  const reached = await page.evaluate(() => Number(/^\D*(\d+)/.exec(document.querySelector(".progress-text span")?.textContent ?? "")?.[1] ?? 0));
  if (reached !== total) throw new Error(`${route}: after ${steps.length} Enter presses the survey shows question ${reached} of ${total}, not the last one`);
  const enterOverheadMedianMs = median(steps.map((step) => step.overheadMs));
  const keystrokeToFrameMedianMs = median(keystrokes.map((keystroke) => keystroke.frameMs));
  const enterOverControlMs = median(steps.map((step) => step.totalMs)) - median(controlEnterMs);
  const keystrokeOverControlMs = keystrokeToFrameMedianMs - median(controlKeystrokes.map((keystroke) => keystroke.frameMs));
  const keystrokeBreakdown = {
    keydownToInputMs: median(keystrokes.map((keystroke) => keystroke.inputMs)),
    inputHandlingMs: median(keystrokes.map((keystroke) => keystroke.handledMs - keystroke.inputMs)),
    waitForFrameMs: median(keystrokes.map((keystroke) => keystroke.rafMs - keystroke.handledMs)),
    frameRenderingMs: median(keystrokes.map((keystroke) => keystroke.frameMs - keystroke.rafMs)),
  };
  log(
    `interaction ${route}: ${steps.length} steps, Enter → next ${(ANIMATION_MS + enterOverheadMedianMs).toFixed(1)} ms (control ${median(controlEnterMs).toFixed(1)}); ` +
      `keystroke-to-frame median ${keystrokeToFrameMedianMs.toFixed(1)} ms (control ${median(controlKeystrokes.map((keystroke) => keystroke.frameMs)).toFixed(1)}) ` +
      `(medians: keydown→input ${keystrokeBreakdown.keydownToInputMs.toFixed(1)}, input handling ${keystrokeBreakdown.inputHandlingMs.toFixed(1)}, ` +
      `wait for the frame ${keystrokeBreakdown.waitForFrameMs.toFixed(1)}, frame rendering ${keystrokeBreakdown.frameRenderingMs.toFixed(1)} ms)`,
  );
  return {
    route,
    steps,
    keystrokes,
    control: { enterMs: controlEnterMs, keystrokes: controlKeystrokes },
    enterOverControlMs,
    keystrokeOverControlMs,
    enterOverheadMedianMs,
    keystrokeToFrameMedianMs,
    keystrokeBreakdown,
    warnings,
  };
}

/** A phone-sized page in a context of its own, instrumented, at the bench's CPU throttling. */
async function instrumentedPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale: "es-ES" });
  const page = await context.newPage();
  // tsx (esbuild keepNames) wraps named functions in __name(); give the serialized function that helper.
  await page.addInitScript("globalThis.__name ??= (target) => target;");
  await page.addInitScript(instrument, FOCUSABLE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
  return { page, close: () => context.close() };
}

export async function runInteraction(
  baseUrl: string,
  routes: string[],
  assetCount: number,
  controlUrl: string,
  log: (line: string) => void,
): Promise<{ browserVersion: string; variants: VariantInteraction[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS, headless: true });
  try {
    const results: VariantInteraction[] = [];
    for (const route of routes) {
      const control = await instrumentedPage(browser);
      const app = await instrumentedPage(browser);
      try {
        await control.page.goto(controlUrl, { waitUntil: "load" });
        await waitForHydration(control.page);
        results.push(await measureVariant(app.page, control.page, new URL(route, baseUrl).href, route, assetCount, log));
      } finally {
        await app.close();
        await control.close();
      }
    }
    return { browserVersion: browser.version(), variants: results };
  } finally {
    await browser.close();
  }
}
