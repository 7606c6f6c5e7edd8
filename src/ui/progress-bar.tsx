/**
 * A plain element with the progressbar role (as Radix's Progress renders it):
 * Radix's version brought about 2 KB gzip of shared primitives into every
 * page's first load for one div and its ARIA values. The fill is set through
 * the CSSOM, never a style attribute: the prerendered HTML's attributes are
 * refused by the Content-Security-Policy (style-src without 'unsafe-inline'),
 * so the bar starts empty and fills once the page's script runs.
 */
import { useLayoutEffect, useRef } from "react";

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const indicator = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => indicator.current?.style.setProperty("transform", `translateX(-${100 - percent}%)`), [percent]);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${Math.round(percent)}%`}
      data-state={percent >= 100 ? "complete" : "loading"}
      data-slot="progress"
    >
      <div className="progress-indicator" ref={indicator} />
    </div>
  );
}
