/**
 * A date question's column on PGlite and PostgreSQL: a fixed limit is a plain
 * CHECK; a limit relative to today is checked against the row's created_at
 * (the server's insert time), with a day of slack for the respondent's zone.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RowValue } from "../../src/core/to-row.ts";
import type { Question } from "../../src/generated/survey-config.ts";
import { isoDate } from "../../src/question-types/date/bounds.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const examen: Question = { id: "examen", type: "date", title: "¿Cuándo es tu examen?", emoji: "📅", required: true, min: { daysFromToday: 0 }, max: "2099-12-31" };
const nacimiento: Question = { id: "nacimiento", type: "date", title: "¿Cuándo naciste?", emoji: "🎂", required: false, min: "1920-01-01", max: { daysFromToday: -6570 } };

const inDays = (days: number) => isoDate(new Date(Date.now() + days * 86_400_000));

describe.each(BACKENDS)("a date question's column on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "dates", [examen, nacimiento]);
  }, 120_000);
  afterAll(() => db?.close());

  const row = (values: Record<string, RowValue>) => ({ ...table.pageRow({ examen: inDays(30), nacimiento: "1990-05-17" }), ...values });

  test("stores dates within both limits, and an optional one left empty", async () => {
    expect(await table.insert(row({}))).toBe("stored");
    expect(await table.insert(row({ examen: "2099-12-31", nacimiento: null }))).toBe("stored");
  });

  test.each([
    ["a date after the fixed max", { examen: "2100-01-01" }],
    ["a date before the fixed min", { nacimiento: "1919-12-31" }],
    ["a date days before today's relative min", { examen: inDays(-3) }],
    ["a birth date less than 18 years ago (relative max)", { nacimiento: inDays(-30) }],
  ])("refuses %s", async (_name, values) => {
    expect(await table.insert(row(values))).toMatch(/violates check constraint/);
  });

  test.each([["not a date", "mañana"], ["a day that does not exist", "2030-02-30"]])("refuses %s (the column is a date)", async (_name, value) => {
    expect(await table.insert(row({ examen: value }))).toMatch(/invalid input syntax for type date|date\/time field value out of range/);
  });
});
