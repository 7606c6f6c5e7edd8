/**
 * Questions asked only when a ranking's first place or one row of a matrix
 * says so, in the database: the generated CHECKs require the answer exactly
 * while the condition holds and want NULL while it does not, as the page
 * does. Rows are the page's (toRow), inserted as the public anon role.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Answers } from "../../src/core/answers.ts";
import type { RowValue } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const prioridades: Question = { id: "prioridades", type: "ranking", title: "Ordena", emoji: "🏆", required: true, top: 2, options: ["Revalida", "Idioma", "Empleo"] };
const intereses: Question = { id: "intereses", type: "matrix", title: "Intereses", emoji: "📊", required: false, rows: ["Simulacros", { value: "Mentoria", label: "Mentoría" }], columns: ["Nada", "Mucho"] };
const porQue: Question = { id: "porQue", type: "text", title: "¿Por qué la revalida?", emoji: "❓", required: true, showIf: { question: "prioridades", topChoice: "Revalida" } };
const mentor: Question = { id: "mentor", type: "text", title: "¿Con quién?", emoji: "🧑‍🏫", required: true, showIf: { question: "intereses", row: "Mentoria", equals: "Mucho" } };

describe.each(BACKENDS)("conditions on a ranking and a matrix row on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "prioridades_condiciones", [prioridades, intereses, porQue, mentor]);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores what the page sends on every branch, NULL for the hidden questions", async () => {
    const rows: Answers[] = [
      { prioridades: ["Revalida", "Idioma"], intereses: { Simulacros: "Nada", Mentoria: "Mucho" }, porQue: "Para ejercer", mentor: "Ana" },
      // Both typed, then hidden: the page sends NULL for them.
      { prioridades: ["Idioma", "Revalida"], intereses: { Mentoria: "Nada" }, porQue: "Para ejercer", mentor: "Ana" },
      { prioridades: ["Empleo", "Idioma"], intereses: {}, porQue: "", mentor: "" },
    ];
    for (const answers of rows) expect(await table.insert(table.pageRow(answers))).toBe("stored");
  });

  test.each<[string, Record<string, RowValue>]>([
    ["no answer while Revalida is ranked first", { prioridades: ["Revalida", "Idioma"], por_que: null }],
    ["an answer while Revalida is not first", { prioridades: ["Idioma", "Revalida"], por_que: "Para ejercer" }],
    ["no answer while Mentoría is rated Mucho", { intereses: { Mentoria: "Mucho" }, mentor: null }],
    ["an answer while Mentoría is rated Nada", { intereses: { Mentoria: "Nada" }, mentor: "Ana" }],
    ["an answer while Mentoría is not rated", { intereses: { Simulacros: "Mucho" }, mentor: "Ana" }],
  ])("refuses %s", async (_name, change) => {
    const row = table.pageRow({ prioridades: ["Empleo", "Idioma"], intereses: {}, porQue: "", mentor: "" });
    expect(await table.insert({ ...row, ...change })).toMatch(/violates check constraint/);
  });
});
