/**
 * The current question (its index in the config) and the slide between
 * questions: about 300 ms out, then 100 ms in, with navigation blocked
 * throughout. Which question comes next is the caller's decision (questions
 * hidden by a condition are skipped). A ref mirrors the "animating" state so
 * two key presses in the same tick cannot both move.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ANIMATION } from "../core/navigation.ts";

export type SlidePhase = "idle" | "leaving" | "entering";
export type SlideDirection = "forward" | "backward";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function useSurveyNavigation() {
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<SlidePhase>("idle");
  const [direction, setDirection] = useState<SlideDirection>("forward");
  const animatingRef = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const later = (ms: number, run: () => void) => timers.current.push(window.setTimeout(run, ms));

  const go = useCallback(
    (target: number) => {
      if (animatingRef.current) return;
      animatingRef.current = true;
      const { leaveMs, enterMs } = prefersReducedMotion() ? { leaveMs: 0, enterMs: 0 } : ANIMATION;
      setDirection(target > index ? "forward" : "backward");
      setPhase("leaving");
      later(leaveMs, () => {
        setIndex(target);
        setPhase("entering");
        later(enterMs, () => {
          animatingRef.current = false;
          setPhase("idle");
        });
      });
    },
    [index],
  );

  /** Straight to a question, without animation (a failed submit check shows the field at fault). */
  const jumpTo = useCallback((target: number) => {
    if (animatingRef.current) return;
    setIndex(target);
  }, []);

  const isAnimating = () => animatingRef.current;

  return { index, phase, direction, animating: phase !== "idle", isAnimating, go, jumpTo };
}
