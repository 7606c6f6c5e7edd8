/** A phone question's column on PGlite and PostgreSQL: E.164 is stored, anything else is refused by its CHECK. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const whatsapp: Question = { id: "whatsapp", type: "phone", title: "¿Tu WhatsApp?", emoji: "📞", required: true, defaultCountry: "AR" };

describe.each(BACKENDS)("a phone question's column on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "phones", [whatsapp]);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores the E.164 number the page sends", async () => {
    expect(await table.insert(table.pageRow({ whatsapp: "+5491123456789" }))).toBe("stored");
  });

  test.each([
    ["a number as typed, with spaces", "11 2345-6789"],
    ["no +", "5491123456789"],
    ["a country code starting with 0", "+0491123456789"],
    ["too short", "+54911"],
    ["too long (over 15 digits)", "+5491123456789012"],
    ["letters", "+54911CALLME"],
  ])("refuses %s", async (_name, value) => {
    expect(await table.insert({ ...table.pageRow({ whatsapp: "+5491123456789" }), whatsapp: value })).toMatch(/violates check constraint/);
  });
});
