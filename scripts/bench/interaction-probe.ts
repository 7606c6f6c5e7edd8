/**
 * The probe the interaction bench puts into each page before its own scripts
 * (scripts/bench/interaction.ts drives it): on the keydown it is armed for,
 * it times in the page, with performance.now(), either Enter → the next
 * question focusable (and focused), or a keystroke → the end of the next
 * frame. Node only arms it, presses the key and collects the result.
 */
import type { Page } from "playwright-core";

/** The app's focus targets in a question (src/survey/question-view.tsx). */
export const FOCUSABLE = "input:not([aria-hidden=true]), textarea, [role=combobox], [role=radio], [role=checkbox], [role=slider]";

export interface Keystroke {
  /** Keydown → end of the next frame after the input event. */
  frameMs: number;
  /** Keydown → that frame's requestAnimationFrame callback. */
  rafMs: number;
  /** Keydown → the input event handled by the app (its synchronous re-render included). */
  handledMs: number;
  /** Keydown → the input event. */
  inputMs: number;
}

export interface BenchState {
  mode: "off" | "enter" | "key";
  result: Promise<unknown> | null;
}

/** Runs in the page before its own scripts. */
export function instrument(focusable: string): void {
  const state: BenchState = { mode: "off", result: null };
  (window as unknown as { __bench: BenchState }).__bench = state;

  const waitForNextQuestion = (started: number, previous: Element | null) =>
    new Promise((resolve) => {
      let readyMs: number | undefined;
      let focused = false;
      let finished = false;
      const finish = (focusMs: number | null) => {
        if (finished) return;
        finished = true;
        observer.disconnect();
        removeEventListener("focusin", check, true);
        resolve({ ms: readyMs ?? Number.NaN, focused, focusMs });
      };
      function check() {
        if (finished) return;
        const current = document.querySelector(".question");
        if (!current || current === previous) return;
        const active = document.activeElement;
        const hasFocus = active !== null && active !== document.body && current.contains(active);
        if (readyMs !== undefined) {
          if (hasFocus) finish(performance.now() - started);
          return;
        }
        const input = current.querySelector<HTMLElement>(focusable);
        const canFocus = input !== null && input.closest("[inert]") === null && !input.hasAttribute("disabled") && input.getClientRects().length > 0;
        if (!hasFocus && !canFocus) return;
        readyMs = performance.now() - started;
        focused = hasFocus;
        if (hasFocus) finish(readyMs);
        // Then watch a little longer for the app to move the focus into the new question.
        else setTimeout(() => finish(null), 500);
      }
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      addEventListener("focusin", check, true);
      const frame = () => {
        check();
        if (!finished) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      setTimeout(() => finish(null), 15_000);
    });

  const waitForNextFrame = (started: number) =>
    new Promise((resolve) => {
      let handledMs = Number.NaN;
      // Bubble phase on window: after the app's (React's) input handling, including its synchronous re-render.
      const onInputHandled = () => {
        removeEventListener("input", onInputHandled);
        handledMs = performance.now() - started;
      };
      const onInput = () => {
        removeEventListener("input", onInput, true);
        const inputMs = performance.now() - started;
        requestAnimationFrame(() => {
          const rafMs = performance.now() - started;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ frameMs: performance.now() - started, rafMs, handledMs, inputMs });
          channel.port2.postMessage(null);
        });
      };
      addEventListener("input", onInput, true);
      addEventListener("input", onInputHandled);
      // A key that changes nothing (e.g. at maxLength) fires no input event.
      setTimeout(() => {
        removeEventListener("input", onInput, true);
        removeEventListener("input", onInputHandled);
        resolve({ frameMs: Number.NaN, rafMs: Number.NaN, handledMs: Number.NaN, inputMs: Number.NaN });
      }, 5000);
    });

  addEventListener(
    "keydown",
    (event) => {
      const started = performance.now();
      if (state.mode === "enter" && event.key === "Enter") {
        state.mode = "off";
        state.result = waitForNextQuestion(started, document.querySelector(".question"));
      } else if (state.mode === "key" && event.key.length === 1) {
        state.mode = "off";
        state.result = waitForNextFrame(started);
      }
    },
    true,
  );
}

export async function arm(page: Page, mode: BenchState["mode"]): Promise<void> {
  await page.evaluate((value) => {
    const state = (window as unknown as { __bench: BenchState }).__bench;
    state.mode = value;
    state.result = null;
  }, mode);
}

export async function collect<T>(page: Page): Promise<T> {
  return page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench.result) as Promise<T>;
}
