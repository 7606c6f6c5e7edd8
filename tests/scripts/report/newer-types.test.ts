/** The report's numbers and tables of the newer types: a ranking's mean place and first places, a matrix's row × column counts, a date's months, and an email or phone counted but never listed. */
import { describe, expect, test } from "vitest";
import { formatters } from "../../../src/report/format.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QuestionSection } from "../../../src/report/sections/questions/question.tsx";
import { reportNumbers } from "../../support/report-oracle/numbers.ts";
import { RANDOM_SURVEY } from "../../support/random-results.ts";

const row = (day: number, values: Record<string, unknown>) => ({ created_at: `2026-11-${String(day).padStart(2, "0")}T10:00:00+00:00`, ...values });
const rows = [
  row(1, { orden: ["Revalida", "Idioma"], matriz: { Clases: "Mucho", Mentoria: "Algo" }, fecha: "2026-01-05", correo: "ana@ejemplo.com", telefono: "+5511987654321" }),
  row(2, { orden: ["Idioma", "Revalida"], matriz: { Clases: "Mucho", Mentoria: "Nada" }, fecha: "2026-01-20", correo: null, telefono: null }),
  row(3, { orden: ["Revalida", "Empleo"], matriz: null, fecha: "2026-03-02", correo: "bruno@ejemplo.com", telefono: null }),
  row(4, { orden: null, matriz: { Clases: "Nada", Mentoria: "Nada" }, fecha: null, correo: null, telefono: null }),
];
const numbers = reportNumbers(RANDOM_SURVEY, rows, []);
const question = (id: string) => numbers.questions.find((each) => each.id === id)!;
const html = (id: string) => renderToStaticMarkup(createElement(QuestionSection, { question: question(id), position: 1, responses: rows.length, f: formatters("en") }));

describe("the newer types in the report", () => {
  test("a ranking: per option how many ranked it, its mean place and how often it came first", () => {
    const ranking = question("orden");
    expect(ranking.kind === "ranking" && ranking.options.map(({ value, count, meanRank, firsts }) => ({ value, count, meanRank, firsts }))).toEqual([
      { value: "Revalida", count: 3, meanRank: 4 / 3, firsts: 2 },
      { value: "Idioma", count: 2, meanRank: 1.5, firsts: 1 },
      { value: "Empleo", count: 1, meanRank: 2, firsts: 0 },
    ]);
    expect(html("orden")).toContain('<th scope="row" lang="en">Revalida</th><td class="num">3</td><td class="num">1.33</td><td class="num">2</td>');
  });

  test("a matrix: each row's columns counted, with their shares of those who answered", () => {
    const matrix = question("matriz");
    expect(matrix.n).toBe(3);
    expect(matrix.kind === "matrix" && matrix.rows.map(({ label, columns }) => [label, columns.map((column) => column.count)])).toEqual([["Clases", [1, 0, 2]], ["Mentoría", [2, 1, 0]]]);
    expect(html("matriz")).toMatch(/<th scope="row" lang="en">Mentoría<\/th><td class="num">2 \(66\.7\s?%\)<\/td>/);
  });

  test("a date: the earliest and latest, and the answers per month", () => {
    expect(question("fecha")).toMatchObject({ kind: "months", n: 3, first: "2026-01-05", last: "2026-03-02", months: [{ month: "2026-01", count: 2 }, { month: "2026-03", count: 1 }] });
  });

  test("an email or a phone: how many gave one, and no address or number in the HTML", () => {
    expect(question("correo")).toEqual({ id: "correo", title: "¿Correo?", type: "email", kind: "count", n: 2 });
    expect(html("correo")).not.toContain("@ejemplo.com");
    expect(html("telefono")).not.toContain("+5511");
    expect(html("telefono")).toContain("1 answered");
  });
});
