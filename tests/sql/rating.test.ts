/** A rating's column on PGlite and PostgreSQL: the points the page can send are stored, anything else is refused by its CHECK. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const nota: Question = { id: "nota", type: "rating", title: "¿Qué tan útil?", emoji: "⭐", required: true, points: 4 };

describe.each(BACKENDS)("a rating question's column on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "ratings", [nota]);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores each point the page can send", async () => {
    for (const point of [1, 4]) expect(await table.insert(table.pageRow({ nota: [point] }))).toBe("stored");
  });

  test.each([
    ["zero", 0],
    ["a point above the scale", 5],
    ["a negative point", -1],
    ["no answer to a required rating", null],
  ])("refuses %s", async (_name, value) => {
    expect(await table.insert({ ...table.pageRow({ nota: [1] }), nota: value })).toMatch(/violates check constraint|null value/);
  });

  test("refuses a fraction (the column is an integer)", async () => {
    expect(await table.insert({ ...table.pageRow({ nota: [1] }), nota: 2.5 })).toMatch(/invalid input syntax for type integer/);
  });
});
