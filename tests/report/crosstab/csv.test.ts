// A cross-tab's CSV holds the numbers of its table (crosstabTable): one line
// per cell, then each row's and column's total and the grand total; a
// viewer's hidden count is an empty cell; a label is guarded as a formula.
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import type { CrosstabAxis } from "../../../src/report/crosstab/axes.ts";
import { crosstabCsv, crosstabCsvName } from "../../../src/report/crosstab/csv.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../../../src/report/crosstab/table.ts";
import { CROSSTAB_WORDS } from "../../../src/report/crosstab/words.ts";

const NAMES: KeyNames = { upTo: String, between: String, above: String, band: {}, finished: {} };
const canal: CrosstabAxis = { id: "canal", title: "Canal", kind: "one", column: "canal", personal: false, values: [{ key: "IG", label: "Instagram" }, { key: "=HYPERLINK()", label: "=HYPERLINK()" }] };
const pais: CrosstabAxis = { id: "pais", title: "País", kind: "one", column: "pais", personal: false, values: [{ key: "AR", label: "Argentina" }, { key: "CU", label: "Cuba" }] };
const counts = (over: Partial<CrosstabCounts>): CrosstabCounts => ({ total: 0, rowsAnswered: 0, columnsAnswered: 0, cells: [], rowBases: {}, columnBases: {}, rowEdges: null, columnEdges: null, ...over });
const words = CROSSTAB_WORDS["pt-BR"];
const read = (text: string) => parse(text, { bom: true }) as string[][];

describe("crosstabCsv", () => {
  test("one line per cell with the table's count, shares, letters and bases, then the totals", () => {
    const table = crosstabTable(canal, pais, counts({ total: 100, cells: [["IG", "AR", 40], ["IG", "CU", 10], ["=HYPERLINK()", "AR", 10], ["=HYPERLINK()", "CU", 40]], rowBases: { IG: 50, "=HYPERLINK()": 50 }, columnBases: { AR: 50, CU: 50 } }), NAMES);
    const text = crosstabCsv(table, { rows: "Canal", columns: "País" }, words);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = read(text);
    expect(lines[0]).toEqual(["Canal", "País", "contagem", "proporção na coluna", "proporção na linha", "letras", "base da linha", "base da coluna"]);
    expect(lines[1]).toEqual(["Instagram", "Argentina", "40", "0.8", "0.8", table.cells[0]![0]!.letters, "50", "50"]);
    expect(table.cells[0]![0]!.letters).toBe("b");
    // A label a respondent may have written is never a formula in a spreadsheet.
    expect(lines[3]![0]).toBe("'=HYPERLINK()");
    expect(lines.slice(5)).toEqual([
      ["Instagram", "Total", "50", "", "", "", "50", ""],
      ["'=HYPERLINK()", "Total", "50", "", "", "", "50", ""],
      ["Total", "Argentina", "50", "", "", "", "", "50"],
      ["Total", "Cuba", "50", "", "", "", "", "50"],
      ["Total", "Total", "100", "", "", "", "", ""],
    ]);
  });

  test("a viewer's hidden count is an empty cell", () => {
    const table = crosstabTable(canal, pais, counts({ total: 9, cells: [["IG", "AR", 6]], rowBases: { IG: 6 }, columnBases: { AR: 6 }, hidden: 5 }), NAMES);
    const lines = read(crosstabCsv(table, { rows: "Canal", columns: "País" }, words));
    expect(lines[2]).toEqual(["Instagram", "Cuba", "", "", "", "", "6", ""]);
  });

  test("its file name keeps only what a file system takes", () => {
    expect(crosstabCsvName("foreign-form", "~hidden/utm_source", "matriz/Clases")).toBe("foreign-form-_hidden_utm_source-x-matriz_Clases.csv");
  });
});
