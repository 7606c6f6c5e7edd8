/**
 * What Radix needs from a browser that jsdom does not provide, plus a switch for
 * the user's reduced-motion preference. Reduced motion is ON by default so the
 * slide animation takes 0 ms; tests of the animation turn it off.
 * Import this file first in every jsdom test file.
 */
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

// Lazy question chunks load on first use; on a busy two-core machine that can take several seconds (5 s was seen to fall short).
configure({ asyncUtilTimeout: 10_000 });

let reducedMotion = true;

/** Whether matchMedia('(prefers-reduced-motion: reduce)') matches from now on. */
export function setReducedMotion(value: boolean): void {
  reducedMotion = value;
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== "undefined") {
  window.ResizeObserver ??= ResizeObserverStub;
  if (typeof window.PointerEvent === "undefined") {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? "mouse";
      }
    }
    window.PointerEvent = PointerEventStub as unknown as typeof PointerEvent;
  }
  const element = window.HTMLElement.prototype;
  element.hasPointerCapture ??= () => false;
  element.setPointerCapture ??= () => undefined;
  element.releasePointerCapture ??= () => undefined;
  element.scrollIntoView ??= () => undefined;
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes("prefers-reduced-motion: reduce") && reducedMotion,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Testing Library only cleans up by itself when vitest globals are on; they are not.
// Each test starts without a draft kept by the one before (the survey keeps its answers in localStorage).
afterEach(() => {
  cleanup();
  reducedMotion = true;
  if (typeof window !== "undefined") window.localStorage.clear();
});
// And again as the next test starts: a save the unmounted survey had already begun (its draft written after a
// promise) can land after the clear above on a loaded machine, and the next test then opened on that draft's question
// (a fresh clone: use-survey-navigation's third test never found the first question).
beforeEach(() => {
  if (typeof window !== "undefined") window.localStorage.clear();
});
