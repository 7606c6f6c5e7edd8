/**
 * The significance of a cross-tab, computed once here from the database's
 * counts (report.crosstab): Pearson's chi-square test of independence with
 * its p-value and Cramér's V, over the rows and columns that have anyone
 * in them, with the share of expected counts under 5 (over 20 % the
 * chi-square approximation is not to be trusted); and, per row, the
 * column-proportion z-test of each pair of columns (pooled two-proportion
 * test, two-sided), Holm-adjusted over that row's pairs, a column's letter
 * put beside the cell whose proportion is significantly higher than that
 * column's. No letter for a column whose base is under 30. A multiple
 * choice counts a respondent in several rows (or columns): no chi-square
 * then, and no letters when the columns overlap. Both tails come from the
 * regularized upper incomplete gamma (gamma-q.ts). Pure.
 */
import { gammaQ } from "./gamma-q.ts";

export const ALPHA = 0.05;
export const LEAST_BASE = 30;
export const LEAST_EXPECTED = 5;
export const MOST_LOW_EXPECTED = 0.2;

export interface CountsTable {
  /** counts[row][column]: respondents with both keys. */
  counts: number[][];
  /** Each column's base: its respondents who have any row key (for exclusive rows, the column's sum). */
  columnBases: number[];
  /** Whether a respondent is in one row only, and in one column only. */
  rowsExclusive: boolean;
  columnsExclusive: boolean;
}

export interface ChiSquare { statistic: number; df: number; p: number; cramersV: number; lowExpected: number; warning: boolean }

export interface CrosstabStatistics {
  /** Null when a respondent may be in several rows or columns, or fewer than two rows or columns have anyone. */
  chiSquare: ChiSquare | null;
  /** Each column's letter: a, b, c… */
  columnLetters: string[];
  /** letters[row][column]: the letters of the columns this cell's proportion is significantly above; null when the columns overlap. */
  letters: string[][] | null;
}

export const letterOf = (at: number): string => (at < 26 ? String.fromCharCode(97 + at) : `${letterOf(Math.floor(at / 26) - 1)}${String.fromCharCode(97 + (at % 26))}`);

export function chiSquareOf(counts: number[][]): ChiSquare | null {
  const rowSums = counts.map((row) => row.reduce((sum, n) => sum + n, 0));
  const columnSums = (counts[0] ?? []).map((_, column) => counts.reduce((sum, row) => sum + row[column]!, 0));
  const rows = rowSums.flatMap((sum, at) => (sum > 0 ? [at] : []));
  const columns = columnSums.flatMap((sum, at) => (sum > 0 ? [at] : []));
  if (rows.length < 2 || columns.length < 2) return null;
  const total = rows.reduce((sum, at) => sum + rowSums[at]!, 0);
  let statistic = 0;
  let low = 0;
  for (const row of rows) {
    for (const column of columns) {
      const expected = (rowSums[row]! * columnSums[column]!) / total;
      statistic += (counts[row]![column]! - expected) ** 2 / expected;
      if (expected < LEAST_EXPECTED) low++;
    }
  }
  const df = (rows.length - 1) * (columns.length - 1);
  const lowExpected = low / (rows.length * columns.length);
  return { statistic, df, p: gammaQ(df / 2, statistic / 2), cramersV: Math.sqrt(statistic / (total * (Math.min(rows.length, columns.length) - 1))), lowExpected, warning: lowExpected > MOST_LOW_EXPECTED };
}

/** The pooled two-proportion z-test of x1 of n1 against x2 of n2: z (positive when the second proportion is higher) and its two-sided p; z 0 and p 1 when both proportions are 0 or both 1. */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (x2 / n2 - x1 / n1) / se;
  // 2 (1 - Φ(|z|)) = erfc(|z| / √2) = Q(1/2, z² / 2).
  return { z, p: Math.min(1, gammaQ(0.5, (z * z) / 2)) };
}

/** Two-sided p of the pooled two-proportion z-test; 1 when both proportions are 0 or both 1. */
export const twoProportionP = (x1: number, n1: number, x2: number, n2: number): number => twoProportionTest(x1, n1, x2, n2).p;

/** Holm's step-down adjustment of p-values, in their order. */
export function holm(ps: number[]): number[] {
  const order = ps.map((p, at) => [p, at] as const).sort((a, b) => a[0] - b[0]);
  const adjusted = new Array<number>(ps.length);
  let most = 0;
  order.forEach(([p, at], rank) => {
    most = Math.max(most, Math.min(1, (ps.length - rank) * p));
    adjusted[at] = most;
  });
  return adjusted;
}

/** One row's tests: each pair of columns with bases of 30 or more (j < k), its p and its Holm-adjusted p over the row's pairs. */
export function rowTests(row: number[], bases: number[]): { j: number; k: number; p: number; adjusted: number }[] {
  const tested = bases.flatMap((base, at) => (base >= LEAST_BASE ? [at] : []));
  const pairs = tested.flatMap((j, at) => tested.slice(at + 1).map((k) => ({ j, k, p: twoProportionP(row[j]!, bases[j]!, row[k]!, bases[k]!) })));
  const adjusted = holm(pairs.map(({ p }) => p));
  return pairs.map((pair, at) => ({ ...pair, adjusted: adjusted[at]! }));
}

/** Per cell, the letters of the columns it is significantly above, within its row. */
export function columnLettersOf(counts: number[][], bases: number[]): string[][] {
  return counts.map((row) => {
    const letters = row.map(() => [] as string[]);
    for (const { j, k, adjusted } of rowTests(row, bases)) {
      if (adjusted >= ALPHA) continue;
      const [high, low] = row[j]! / bases[j]! > row[k]! / bases[k]! ? [j, k] : [k, j];
      letters[high]!.push(letterOf(low));
    }
    return letters.map((found) => found.sort().join(""));
  });
}

export function crosstabStatistics(table: CountsTable): CrosstabStatistics {
  return {
    chiSquare: table.rowsExclusive && table.columnsExclusive ? chiSquareOf(table.counts) : null,
    columnLetters: table.columnBases.map((_, at) => letterOf(at)),
    letters: table.columnsExclusive ? columnLettersOf(table.counts, table.columnBases) : null,
  };
}
