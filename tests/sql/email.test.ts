/** An email question's column on PGlite and PostgreSQL: what the page stores passes, what it would refuse is refused by the CHECK. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Question } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { typeTable, type TypeTable } from "../support/type-table.ts";

const correo: Question = { id: "correo", type: "email", title: "¿Tu correo?", emoji: "📧", required: true };

describe.each(BACKENDS)("an email question's column on %s", (_, open) => {
  let db: SqlBackend;
  let table: TypeTable;
  beforeAll(async () => {
    db = await open();
    table = await typeTable(db, "emails", [correo]);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores the page's row, its domain lower-cased", async () => {
    const row = table.pageRow({ correo: "  Ana.Perez@Ejemplo.COM " });
    expect(row.correo).toBe("Ana.Perez@ejemplo.com");
    expect(await table.insert(row)).toBe("stored");
  });

  test.each([
    ["no @", "ana.ejemplo.com"],
    ["two @", "ana@b@ejemplo.com"],
    ["a blank inside", "ana perez@ejemplo.com"],
    ["no dot in the domain", "ana@localhost"],
    ["an empty domain label", "ana@ejemplo..com"],
    ["a capital in the domain (the page lower-cases it)", "ana@Ejemplo.com"],
    ["over 254 characters", `${"a".repeat(250)}@ejemplo.com`],
  ])("refuses %s", async (_name, value) => {
    expect(await table.insert({ ...table.pageRow({ correo: "ana@ejemplo.com" }), correo: value })).toMatch(/violates check constraint/);
  });
});
