import { describe, expect, test } from "vitest";
import type { CrosstabAxis } from "../../../src/report/crosstab/axes.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../../../src/report/crosstab/table.ts";

const NAMES: KeyNames = { upTo: (e) => `≤ ${e}`, between: (a, b) => `${a}–${b}`, above: (e) => `> ${e}`, band: { promoter: "P", passive: "N", detractor: "D" }, finished: { true: "sim", false: "não" } };
const canal: CrosstabAxis = { id: "canal", title: "Canal", kind: "one", column: "canal", personal: false, values: [{ key: "IG", label: "Instagram" }, { key: "YT", label: "YouTube" }, { key: "X", label: "X" }] };
const edad: CrosstabAxis = { id: "edad", title: "Idade", kind: "bins", column: "edad", number: "typed", bins: null, personal: false, values: null };
const redes: CrosstabAxis = { id: "redes", title: "Redes", kind: "many", column: "redes", personal: false, values: [{ key: "a", label: "A" }, { key: "b", label: "B" }] };
const counts = (over: Partial<CrosstabCounts>): CrosstabCounts => ({ total: 0, rowsAnswered: 0, columnsAnswered: 0, cells: [], rowBases: {}, columnBases: {}, rowEdges: null, columnEdges: null, ...over });

describe("crosstabTable", () => {
  test("keys in the file's order, an option nobody chose left out, a value no longer listed after them; bins named by their edges", () => {
    const table = crosstabTable(canal, edad, counts({ total: 5, cells: [["IG", "1", 2], ["IG", "3", 1], ["Old", "2", 2]], rowBases: { IG: 3, Old: 2 }, columnBases: { "1": 2, "2": 2, "3": 1 }, columnEdges: [30, 40] }), NAMES);
    expect(table.rows.map(({ key, label, base }) => [key, label, base])).toEqual([["IG", "Instagram", 3], ["Old", "Old", 2]]);
    expect(table.columns.map(({ label, base }) => [label, base])).toEqual([["≤ 30", 2], ["30–40", 2], ["> 40", 1]]);
    expect(table.cells[0]!.map(({ count, rowShare, columnShare }) => [count, rowShare, columnShare])).toEqual([[2, 2 / 3, 1], [0, 0, 0], [1, 1 / 3, 1]]);
    expect(table.cells[1]!.map(({ count }) => count)).toEqual([0, 2, 0]);
    expect(table.statistics?.chiSquare?.df).toBe(2);
  });

  test("keys the file does not list sort as numbers when they all are (a rating of 10 points), else as text", () => {
    const rating: CrosstabAxis = { id: "nota", title: "Nota", kind: "one", column: "nota", personal: false, values: null };
    const table = crosstabTable(rating, canal, counts({ total: 3, cells: [["10", "IG", 1], ["2", "IG", 1], ["9", "IG", 1]], rowBases: { "10": 1, "2": 1, "9": 1 }, columnBases: { IG: 3 } }), NAMES);
    expect(table.rows.map(({ key }) => key)).toEqual(["2", "9", "10"]);
  });

  test("a viewer's hidden counts are null, and no statistics come from them", () => {
    const table = crosstabTable(canal, canal, counts({ total: 9, cells: [["IG", "IG", 6]], rowBases: { IG: 6 }, columnBases: { IG: 6 }, hidden: 5 }), NAMES);
    expect(table.cells[0]![0]!.count).toBe(6);
    expect(table.cells[0]![1]!.count).toBeNull();
    expect(table.rows[1]!.base).toBeNull();
    expect([table.hidden, table.statistics]).toEqual([5, null]);
  });

  test("a multiple choice as rows: letters against the column bases, no chi-square", () => {
    const table = crosstabTable(redes, canal, counts({ total: 200, cells: [["a", "IG", 40], ["a", "YT", 10], ["b", "IG", 10], ["b", "YT", 40]], rowBases: { a: 50, b: 50 }, columnBases: { IG: 100, YT: 100 } }), NAMES);
    expect(table.statistics?.chiSquare).toBeNull();
    expect(table.cells.map((row) => row.map(({ letters }) => letters))).toEqual([["b", ""], ["", "a"]]);
    expect(table.columns.map(({ letter }) => letter)).toEqual(["a", "b"]);
  });
});
