// The change over time: the two-proportion z-test against SciPy's values
// kept as fixtures (tests/fixtures/trend/make.py: 1,000 random pairs of
// periods, bases of 1 to thousands, shares of 0 and 1) to 1e-9, the
// previous period of a week and of a month, and a question's trend read
// from a cross-tab against the week.
import { describe, expect, test } from "vitest";
import { twoProportionTest } from "../../../src/report/crosstab/statistics.ts";
import { previousPeriod, trendOf } from "../../../src/report/trend/trend.ts";
import type { CrosstabAxis } from "../../../src/report/crosstab/axes.ts";
import type { KeyNames } from "../../../src/report/crosstab/table.ts";
import cases from "../../fixtures/trend/tests.json" with { type: "json" };

interface Reference { x1: number; n1: number; x2: number; n2: number; z: number; p: number; significant: boolean }

const close = (actual: number, expected: number) => Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
const NAMES: KeyNames = { upTo: String, between: String, above: String, band: {}, finished: {} };
const PAIS: CrosstabAxis = { id: "pais", title: "País", kind: "one", column: "pais", values: [{ key: "Argentina", label: "Argentina" }, { key: "Cuba", label: "Cuba" }], personal: false };
const WEEK: CrosstabAxis = { id: "~week", title: "week", kind: "week", column: "created_at", values: null, personal: false };
const MONTH: CrosstabAxis = { ...WEEK, id: "~month", kind: "month" };

describe("trend", () => {
  test("the pooled two-proportion z and its two-sided p are SciPy's on 1,000 pairs of periods", () => {
    const references = cases as Reference[];
    expect(references).toHaveLength(1000);
    expect(references.some((c) => c.n1 < 30) && references.some((c) => c.significant) && references.some((c) => c.p === 1)).toBe(true);
    const wrong = references.flatMap((c, at) => {
      const mine = twoProportionTest(c.x1, c.n1, c.x2, c.n2);
      return close(mine.z, c.z) && close(mine.p, c.p) ? [] : [`${at}: ${JSON.stringify(mine)} vs ${JSON.stringify(c)}`];
    });
    expect(wrong).toEqual([]);
  });

  test.each([
    ["2026-03-02", "week", "2026-02-23"],
    ["2026-01-05", "week", "2025-12-29"],
    ["2026-03", "month", "2026-02"],
    ["2026-01", "month", "2025-12"],
  ] as const)("the period before %s (%s) is %s", (key, by, previous) => {
    expect(previousPeriod(key, by)).toBe(previous);
  });

  test("this week against the week before it: shares of each base, the test with bases of 30 or more, significance at 5 %", () => {
    const counts = {
      total: 190, rowsAnswered: 190, columnsAnswered: 190,
      // Three weeks: the oldest is not compared; 40 % → 70 % of Argentina between the last two.
      cells: [["Argentina", "2026-02-16", 5], ["Argentina", "2026-02-23", 20], ["Argentina", "2026-03-02", 70], ["Cuba", "2026-02-16", 5], ["Cuba", "2026-02-23", 30], ["Cuba", "2026-03-02", 30]] as [string, string, number][],
      rowBases: { Argentina: 95, Cuba: 65 }, columnBases: { "2026-02-16": 10, "2026-02-23": 50, "2026-03-02": 100 },
      rowEdges: null, columnEdges: null,
    };
    const trend = trendOf(PAIS, WEEK, counts, NAMES);
    expect([trend.by, trend.current, trend.previous]).toEqual(["week", "2026-03-02", "2026-02-23"]);
    const [argentina, cuba] = trend.rows;
    expect(argentina).toMatchObject({ key: "Argentina", previous: { count: 20, base: 50, share: 0.4 }, current: { count: 70, base: 100, share: 0.7 }, significant: true, untested: null });
    expect(argentina!.difference).toBeCloseTo(0.3, 12);
    expect(argentina!.z).toBeGreaterThan(0);
    expect(argentina!.p).toBeCloseTo(twoProportionTest(20, 50, 70, 100).p, 15);
    expect(cuba).toMatchObject({ key: "Cuba", current: { share: 0.3 }, previous: { share: 0.6 }, significant: true });
    expect(cuba!.z).toBeLessThan(0);
  });

  test("no test under a base of 30, nor over a viewer's hidden count; a month with nobody before it compares with an empty month", () => {
    const small = trendOf(PAIS, MONTH, { total: 40, rowsAnswered: 40, columnsAnswered: 40, cells: [["Argentina", "2026-02", 10], ["Argentina", "2026-03", 30]], rowBases: { Argentina: 40 }, columnBases: { "2026-02": 10, "2026-03": 30 }, rowEdges: null, columnEdges: null }, NAMES);
    expect(small.rows[0]).toMatchObject({ untested: "smallBase", p: null, significant: false, difference: 0 });
    const gap = trendOf(PAIS, MONTH, { total: 30, rowsAnswered: 30, columnsAnswered: 30, cells: [["Argentina", "2026-03", 30]], rowBases: { Argentina: 30 }, columnBases: { "2026-03": 30 }, rowEdges: null, columnEdges: null }, NAMES);
    expect([gap.previous, gap.rows[0]!.previous]).toEqual(["2026-02", { count: 0, base: 0, share: null }]);
    const hidden = trendOf(PAIS, WEEK, { total: 100, rowsAnswered: 100, columnsAnswered: 100, cells: [["Argentina", "2026-03-02", 60]], rowBases: { Argentina: 90 }, columnBases: { "2026-02-23": 40, "2026-03-02": 60 }, rowEdges: null, columnEdges: null, hidden: 5 }, NAMES);
    expect(hidden.rows[0]).toMatchObject({ untested: "hidden", significant: false });
  });
});
