// The comparison by A/B arm (src/report/arms/arm-comparison.ts): the Wald
// intervals against values computed independently (Python's
// statistics.NormalDist for the quantile, the formula by hand), and a
// question's cross-tab against the arm read as shares and differences.
import { describe, expect, test } from "vitest";
import { armComparison, waldDifference } from "../../../src/report/arms/arm-comparison.ts";
import type { CrosstabAxis } from "../../../src/report/crosstab/axes.ts";
import type { KeyNames } from "../../../src/report/crosstab/table.ts";

const names: KeyNames = { upTo: String, between: String, above: String, band: {}, finished: {} };
const red: CrosstabAxis = { id: "red", title: "¿Qué red?", kind: "one", column: "red", personal: false, values: [{ key: "Instagram", label: "Instagram" }, { key: "TikTok", label: "TikTok" }] };
const arms: CrosstabAxis = { id: "~arm", title: "arm", kind: "one", column: "arm", personal: false, values: ["a", "b", "c"].map((key) => ({ key, label: key })) };

describe("waldDifference", () => {
  test.each([
    [60, 100, 50, 100, 0.1, -0.037197, 0.237197],
    [12, 40, 30, 45, -0.366667, -0.564499, -0.168834],
    [0, 25, 5, 30, -0.166667, -0.300025, -0.033308],
    [7, 7, 3, 9, 0.666667, 0.358688, 0.974645],
  ])("%i of %i against %i of %i: difference %f, 95 %% interval %f to %f", (x1, n1, x2, n2, difference, low, high) => {
    const found = waldDifference(x1, n1, x2, n2)!;
    expect(found.difference).toBeCloseTo(difference, 6);
    expect(found.low).toBeCloseTo(low, 6);
    expect(found.high).toBeCloseTo(high, 6);
  });

  test("an arm nobody answered in has no interval", () => {
    expect(waldDifference(0, 0, 5, 30)).toBeNull();
  });
});

describe("armComparison", () => {
  test("each answer's share per arm, and each later arm against the first with its interval", () => {
    const counts = { total: 230, rowsAnswered: 230, columnsAnswered: 230, cells: [["Instagram", "a", 50], ["TikTok", "a", 50], ["Instagram", "b", 60], ["TikTok", "b", 40], ["Instagram", "c", 12], ["TikTok", "c", 18]] as [string, string, number][], rowBases: { Instagram: 122, TikTok: 108 }, columnBases: { a: 100, b: 100, c: 30 }, rowEdges: null, columnEdges: null };
    const comparison = armComparison(red, arms, counts, names);
    expect(comparison.arms).toEqual([{ key: "a", base: 100 }, { key: "b", base: 100 }, { key: "c", base: 30 }]);
    const [instagram] = comparison.rows;
    expect(instagram!.shares.map((share) => share.share)).toEqual([0.5, 0.6, 0.4]);
    expect(instagram!.differences[0]!.difference).toBeCloseTo(0.1, 10);
    expect(instagram!.differences[0]!.low).toBeCloseTo(-0.037197, 6);
    expect(instagram!.differences[1]!.difference).toBeCloseTo(-0.1, 10);
  });

  test("a count hidden from a viewer leaves its difference without an interval", () => {
    const counts = { total: 200, rowsAnswered: 200, columnsAnswered: 200, cells: [["Instagram", "a", 50], ["TikTok", "a", 50], ["Instagram", "b", 96]] as [string, string, number][], rowBases: { Instagram: 146, TikTok: 54 }, columnBases: { a: 100, b: 100 }, rowEdges: null, columnEdges: null, hidden: 1 };
    const comparison = armComparison(red, arms, counts, names);
    expect(comparison.rows[0]!.differences[0]).not.toBeNull();
    expect(comparison.rows[1]!.shares[1]!.count).toBeNull();
    expect(comparison.rows[1]!.differences[0]).toBeNull();
  });
});
