/**
 * False until the frame after `ready` first became true has been painted,
 * then true for good. The numbers view shows the summary alone in that
 * frame and every other section (drop-off, sources, per day, every
 * question's chart: some 0.5 s of rendering and layout on a phone) right
 * after, in a transition: the member reads the headline figures without
 * waiting for the charts below the fold.
 */
import { startTransition, useEffect, useState } from "react";

export function useAfterFirstPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer = 0;
    // A task queued from the next frame's callback runs once that frame has been painted.
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => startTransition(() => setAfter(true)), 0)));
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}
