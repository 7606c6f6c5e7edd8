/**
 * Whether a question card draws its fields yet. A long survey opens with the
 * list of every question and the fields of its first DRAWN_AT_ONCE cards; the
 * other cards draw theirs in order in the browser's idle time, a few per idle
 * period and as a transition (a keystroke meanwhile goes first), or at once
 * when they come near the viewport or take the focus. Drawing all of a
 * 200-question survey's fields (some 17,000 elements) before showing any took
 * over a second and a half at 4x CPU; this way the survey is on screen and
 * editable within the bench's 1 s, and every field exists a moment later (for
 * Tab and find-in-page).
 */
import { startTransition, useEffect, useState, type RefObject } from "react";

/** More than either survey has: they open fully drawn, as before. */
export const DRAWN_AT_ONCE = 24;
const DRAWN_PER_IDLE_PERIOD = 3;
/** Near enough to the viewport (a screen's height above or below) to draw before it is scrolled to. */
const NEAR = "100% 0px";

interface Waiting {
  index: number;
  draw: () => void;
}

const waiting: Waiting[] = [];
let scheduled = false;

// Safari has no requestIdleCallback.
const whenIdle = (run: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(run) : setTimeout(run, 50));

function drawSome() {
  scheduled = false;
  waiting.sort((a, b) => a.index - b.index);
  const next = waiting.splice(0, DRAWN_PER_IDLE_PERIOD);
  startTransition(() => next.forEach((card) => card.draw()));
  schedule();
}

function schedule() {
  if (scheduled || !waiting.length) return;
  scheduled = true;
  whenIdle(drawSome);
}

/**
 * `later`: this card was in the list as it opened, beyond the first
 * DRAWN_AT_ONCE (a card added or copied afterwards draws at once).
 * Returns whether its fields are drawn, and a way to draw them now.
 */
export function useDrawnLater(index: number, later: boolean, card: RefObject<HTMLElement | null>): [drawn: boolean, draw: () => void] {
  const [drawn, setDrawn] = useState(!later);
  useEffect(() => {
    if (drawn || !card.current) return;
    const entry: Waiting = { index, draw: () => setDrawn(true) };
    waiting.push(entry);
    schedule();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setDrawn(true), { rootMargin: NEAR });
    observer.observe(card.current);
    return () => {
      observer.disconnect();
      const at = waiting.indexOf(entry);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [drawn, index, card]);
  return [drawn, () => setDrawn(true)];
}
