/**
 * The position effects' arithmetic (src/report/positions/position-effects.ts):
 * which questions have an axis of places, an anchored place kept out of the
 * test, a single choice's goodness of fit against equal shares (for 2 degrees
 * of freedom the χ² survival is exp(−x/2), so the p-value is checked by hand),
 * a multiple choice's picked / not picked by place.
 */
import { describe, expect, test } from "vitest";
import type { SurveyConfig } from "../../../src/generated/survey-config.ts";
import { positionAxes, positionEffect } from "../../../src/report/positions/position-effects.ts";
import type { CrosstabCounts } from "../../../src/report/crosstab/table.ts";

const SURVEY = {
  id: "orden", route: "/orden", table: "orden_responses", language: "es", pageTitle: "Orden", professionalName: "nosotros", schemaVersion: 2,
  questions: [
    { id: "nombre", type: "text", title: "¿Nombre?", emoji: "👋", required: true },
    { id: "red", type: "radio", title: "¿Red?", emoji: "📱", required: true, shuffleOptions: true, options: ["A", "B", "C", { value: "Otra", label: "Otra", anchored: true }] },
    { id: "usos", type: "checkbox", title: "¿Usos?", emoji: "✅", required: false, shuffleOptions: true, options: ["X", "Y"] },
    { id: "fijo", type: "radio", title: "¿Fijo?", emoji: "📌", required: true, options: ["Sí", "No"] },
  ],
} as unknown as SurveyConfig;

const counts = (total: number, columnBases: Record<string, number>): CrosstabCounts => ({ total, rowsAnswered: total, columnsAnswered: total, cells: [], rowBases: {}, columnBases, rowEdges: null, columnEdges: null });

describe("position effects", () => {
  const [red, usos] = positionAxes(SURVEY);

  test("only the questions whose options are shuffled, each with its places and its anchored ones", () => {
    expect(positionAxes(SURVEY).map(({ question, places, anchored }) => [question.id, places, anchored])).toEqual([["red", 4, [4]], ["usos", 2, []]]);
    expect(red!.position).toMatchObject({ kind: "position", column: "red", shown: "shown_order", question: "red", many: false });
    expect(usos!.position).toMatchObject({ many: true });
  });

  test("a single choice: equal shares give p = 1; 60, 20 and 10 give χ² = 46.67 with 2 d.f.; the anchored place is shown, not tested", () => {
    const even = positionEffect(red!, counts(100, { 1: 30, 2: 30, 3: 30, 4: 10 }));
    expect(even.test).toMatchObject({ statistic: 0, df: 2, p: 1, lowExpected: false });
    expect(even.rows.map(({ place, count, anchored }) => [place, count, anchored])).toEqual([[1, 30, false], [2, 30, false], [3, 30, false], [4, 10, true]]);
    const skewed = positionEffect(red!, counts(100, { 1: 60, 2: 20, 3: 10, 4: 10 }));
    expect(skewed.test!.statistic).toBeCloseTo(1400 / 30, 10);
    expect(skewed.test!.p).toBeCloseTo(Math.exp(-(1400 / 30) / 2), 15);
    expect(skewed.rows[0]!.share).toBe(0.6);
    // Six answers over three places: two expected in each, under the 5 a χ² wants.
    expect(positionEffect(red!, counts(6, { 1: 4, 2: 1, 3: 1 })).test!.lowExpected).toBe(true);
    expect(positionEffect(red!, counts(0, {})).test).toBeNull();
  });

  test("a multiple choice: picked and not picked by place, each respondent seeing both places", () => {
    const same = positionEffect(usos!, counts(100, { 1: 40, 2: 40 }));
    expect(same.test).toMatchObject({ statistic: 0, df: 1, p: 1 });
    // 70 of 100 against 30 of 100: the 2×2 χ² is 200·(70·70 − 30·30)² / (100·100·100·100) = 32.
    const first = positionEffect(usos!, counts(100, { 1: 70, 2: 30 }));
    expect(first.test!.statistic).toBeCloseTo(32, 10);
    expect(first.test!.p).toBeLessThan(1e-7);
  });
});
