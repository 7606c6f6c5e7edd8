/** An NPS question's column on PGlite and PostgreSQL: 0 to 10 are stored, anything else is refused by its CHECK. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const recomendaria: Question = { id: "recomendaria", type: "nps", title: "¿Nos recomendarías?", emoji: "📣", required: true, minLabel: "Nada probable", maxLabel: "Muy probable" };

describe.each(BACKENDS)("an NPS question's column on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "nps_answers", [recomendaria]);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores both ends of the scale", async () => {
    for (const point of [0, 10]) expect(await table.insert(table.pageRow({ recomendaria: [point] }))).toBe("stored");
  });

  test.each([
    ["11", 11],
    ["a negative number", -1],
    ["100 (a percentage)", 100],
    ["no answer to a required question", null],
  ])("refuses %s", async (_name, value) => {
    expect(await table.insert({ ...table.pageRow({ recomendaria: [5] }), recomendaria: value })).toMatch(/violates check constraint|null value/);
  });
});
