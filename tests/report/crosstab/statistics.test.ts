// The cross-tab's statistics against SciPy's, computed once and kept
// (tests/fixtures/crosstab-statistics/make.py): 1,000 random tables with
// empty rows and columns, one column, bases under 30 and bases above the
// counts, to 1e-9 (relative for a statistic over 1).
import { describe, expect, test } from "vitest";
import { chiSquareOf, columnLettersOf, crosstabStatistics, holm, letterOf, rowTests } from "../../../src/report/crosstab/statistics.ts";
import { gammaQ } from "../../../src/report/crosstab/gamma-q.ts";
import tables from "../../fixtures/crosstab-statistics/tables.json" with { type: "json" };

interface Reference {
  counts: number[][];
  bases: number[];
  chiSquare: { statistic: number; df: number; p: number; cramersV: number; lowExpected: number; warning: boolean } | null;
  rows: { adjusted: number[]; letters: string[] }[];
}

const close = (actual: number, expected: number) => Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

describe("crosstab statistics", () => {
  const references = tables as Reference[];

  test("the fixtures hold what the tests claim: empty rows, one column, bases under 30, no chi-square, warnings, letters", () => {
    expect(references).toHaveLength(1000);
    expect(references.some((t) => t.counts.some((row) => row.every((n) => n === 0)))).toBe(true);
    expect(references.some((t) => t.counts[0]!.length === 1)).toBe(true);
    expect(references.some((t) => t.bases.some((base) => base > 0 && base < 30))).toBe(true);
    expect(references.some((t) => t.chiSquare === null) && references.some((t) => t.chiSquare?.warning)).toBe(true);
    expect(references.flatMap((t) => t.rows.flatMap((row) => row.letters)).filter(Boolean).length).toBeGreaterThan(500);
  });

  test("chi-square, df, p, Cramér's V and the share of expected counts under 5 are SciPy's on 1,000 tables", () => {
    const wrong = references.flatMap((reference, at) => {
      const mine = chiSquareOf(reference.counts);
      const theirs = reference.chiSquare;
      if (mine === null || theirs === null) return mine === theirs ? [] : [`${at}: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`];
      const same = close(mine.statistic, theirs.statistic) && mine.df === theirs.df && close(mine.p, theirs.p) && close(mine.cramersV, theirs.cramersV) && close(mine.lowExpected, theirs.lowExpected) && mine.warning === theirs.warning;
      return same ? [] : [`${at}: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`];
    });
    expect(wrong).toEqual([]);
  });

  test("the Holm-adjusted p of each pair of columns and the letters are SciPy's on 1,000 tables", () => {
    const wrong = references.flatMap((reference, at) => {
      const letters = columnLettersOf(reference.counts, reference.bases);
      return reference.rows.flatMap((row, i) => {
        const adjusted = rowTests(reference.counts[i]!, reference.bases).map((test) => test.adjusted);
        const same = adjusted.length === row.adjusted.length && adjusted.every((p, k) => close(p, row.adjusted[k]!)) && JSON.stringify(letters[i]) === JSON.stringify(row.letters);
        return same ? [] : [`${at}/${i}: ${JSON.stringify([adjusted, letters[i]])} vs ${JSON.stringify(row)}`];
      });
    });
    expect(wrong).toEqual([]);
  });

  test.each([
    ["one p", [0.01], [0.01]],
    ["step-down with the running maximum", [0.01, 0.04, 0.03, 0.005], [0.03, 0.06, 0.06, 0.02]],
    ["capped at 1", [0.5, 0.6], [1, 1]],
    ["none", [], []],
  ])("holm: %s", (_name, ps, expected) => {
    holm(ps).forEach((p, at) => expect(p).toBeCloseTo(expected[at]!, 12));
  });

  test("no letter for a column under 30, and none beside a cell not above the other", () => {
    // 40 % against 10 % with bases of 100: significant; the third column's base is 29.
    expect(columnLettersOf([[40, 10, 29]], [100, 100, 29])).toEqual([["b", "", ""]]);
  });

  test("a multiple choice: no chi-square; letters only when the columns do not overlap", () => {
    const counts = [[40, 10], [10, 40]];
    expect(crosstabStatistics({ counts, columnBases: [100, 100], rowsExclusive: false, columnsExclusive: true })).toMatchObject({ chiSquare: null, letters: [["b", ""], ["", "a"]] });
    expect(crosstabStatistics({ counts, columnBases: [100, 100], rowsExclusive: true, columnsExclusive: false })).toMatchObject({ chiSquare: null, letters: null, columnLetters: ["a", "b"] });
  });

  // scipy.special.gammaincc, including the many degrees of freedom of a year of weeks by a question (a = df / 2 in the hundreds) and far tails.
  test.each([
    [0.5, 0.01, 0.887537083981715],
    [0.5, 50, 1.5239706048320995e-23],
    [12.5, 3, 0.9999657323138297],
    [230, 250, 0.09608413987689622],
    [230, 200, 0.9797748045603478],
    [1000, 1100, 0.0010593232539299773],
    [2.5, 1e-5, 0.9999999999999049],
    [40, 39.5, 0.5106097504671301],
    [0.5, 400, 5.395865611607819e-176],
  ])("Q(%d, %d) is SciPy's to 1e-10 relative", (a, x, expected) => {
    expect(Math.abs(gammaQ(a, x) - expected) / expected).toBeLessThan(1e-10);
  });

  test("letters go on past z", () => {
    expect([0, 25, 26, 27, 51, 52].map(letterOf)).toEqual(["a", "z", "aa", "ab", "az", "ba"]);
  });
});
