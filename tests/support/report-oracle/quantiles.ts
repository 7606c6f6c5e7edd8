/**
 * Summary statistics of a distribution kept as value → count, so that 100,000
 * slider answers cost eleven counters, not an array. Quantiles interpolate
 * between neighbours exactly as PostgreSQL's percentile_cont does.
 */
import type { Distribution } from "../../../src/report/question-numbers.ts";

export function distributionOf(counts: ReadonlyMap<number, number>): Distribution | null {
  const entries = [...counts].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const n = entries.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  /** The value at zero-based rank `rank` in sorted order. */
  const at = (rank: number): number => {
    let seen = 0;
    for (const [value, count] of entries) {
      seen += count;
      if (rank < seen) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const quantile = (p: number): number => {
    const position = p * (n - 1);
    const lower = Math.floor(position);
    const low = at(lower);
    return low + (at(Math.ceil(position)) - low) * (position - lower);
  };
  const sum = entries.reduce((total, [value, count]) => total + value * count, 0);
  return { n, mean: sum / n, min: entries[0]![0], q1: quantile(0.25), median: quantile(0.5), q3: quantile(0.75), max: entries[entries.length - 1]![0] };
}

/** Median of plain numbers (e.g. seconds to complete), percentile_cont(0.5). */
export function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}
