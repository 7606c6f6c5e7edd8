/**
 * A plain element with the progressbar role (as Radix's Progress renders it):
 * Radix's version brought about 2 KB gzip of shared primitives into every
 * page's first load for one div and its ARIA values.
 */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
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
      <div className="progress-indicator" style={{ transform: `translateX(-${100 - percent}%)` }} />
    </div>
  );
}
