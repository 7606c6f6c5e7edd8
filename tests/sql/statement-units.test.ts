// Issue 55 item 7: a change to the report's, the team's or the themes' SQL
// writes a migration of the functions whose text changed (and the grants
// naming them), not the whole set again. The split into statements must
// keep every character, and see semicolons inside strings, dollar quotes
// and comments as text.
import { describe, expect, test } from "vitest";
import { reportMigration, teamMigration, themesMigration } from "../../scripts/sql/migration-sql.ts";
import { reportSql } from "../../scripts/sql/report-sql.ts";
import { changedUnits, splitStatements, statementUnits, unitFingerprints } from "../../scripts/sql/statement-units.ts";

const applied = (statements: string[]) => new Map(Object.entries(unitFingerprints(statementUnits(statements))));
const createdFunctions = (migration: string) => [...migration.matchAll(/^create or replace function ([\w.]+)\(/gm)].map((match) => match[1]);

describe("statement units", () => {
  test("the split keeps every statement whole: semicolons in strings, dollar quotes, quoted names and comments are text", () => {
    const sql = [
      "-- a comment; with a semicolon",
      "create function a() returns text language sql as $$ select 'x;y' $$;",
      "create function b() returns text language plpgsql as $fn$ begin return format($q$;%s;$q$, E'it\\'s;'); end $fn$;",
      `/* block; comment */ create table "odd;name" (id int);`,
      "select $1;",
    ].join("\n");
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(4);
    expect(statements[0]).toMatch(/^-- a comment; with a semicolon\ncreate function a\(\)/);
    expect(statements[1]).toContain("E'it\\'s;'); end $fn$;");
    expect(statements[2]).toContain(`"odd;name"`);
    expect(statements.join("").replace(/\s/g, "")).toBe(sql.replace(/\s/g, ""));
  });

  test("the report's, the team's and the themes' sets split into units that keep their text, each named once", () => {
    for (const migration of [reportMigration(new Map()), teamMigration(new Map()), themesMigration(new Map())]) {
      const body = migration.slice(migration.indexOf("\n\n") + 2);
      const units = statementUnits([body]);
      expect(units.map((unit) => unit.sql).join("").replace(/\s/g, "")).toBe(body.replace(/\s/g, ""));
      expect(new Set(units.map((unit) => unit.key)).size).toBe(units.length);
    }
  });

  test("a DROP goes with the statement after it; the same statement twice in one set is refused", () => {
    const units = statementUnits(["drop function if exists s.f(int);\ncreate or replace function s.f(a text) returns int language sql as $$ select 1 $$;"]);
    expect(units.map((unit) => unit.key)).toEqual(["function s.f(a text)"]);
    expect(units[0]!.sql).toMatch(/^drop function if exists s\.f\(int\);\ncreate or replace/);
    expect(() => statementUnits(["create table t (a int);", "create table t (a int);"])).toThrow(/two statements of one set are both the same text/);
  });

  test("a changed report function is written alone, with the grants on all the functions and the refill", () => {
    const statements = reportSql();
    const before = applied(statements);
    const key = [...before.keys()].find((name) => name.startsWith("function report.where_of("))!;
    before.set(key, "an older text");
    const migration = reportMigration(before);
    expect(createdFunctions(migration)).toEqual(["report.where_of"]);
    expect(migration).toMatch(/^-- report: its SQL changed .*; written again: report\.where_of$/m);
    expect(migration).toContain("revoke all on all functions in schema report from public, anon, authenticated;");
    expect(migration).toContain("select report.refill_all();");
    expect(migration.split("\n").length).toBeLessThan(40);
    // Nothing changed: only what is written every time.
    expect(createdFunctions(reportMigration(applied(statements)))).toEqual([]);
  });

  test("a new function is written with the grant that names it; a grant naming only unchanged functions is not", () => {
    const statements = [
      "create or replace function s.old() returns int language sql as $$ select 1 $$;",
      "create or replace function s.added() returns int language sql as $$ select 2 $$;",
      "revoke all on function s.added() from public;",
      "revoke all on function s.old() from public;",
    ];
    const before = applied([statements[0]!, statements[3]!]);
    const written = changedUnits(statementUnits(statements), before).map((unit) => unit.sql);
    expect(written).toEqual([statements[1], statements[2]]);
  });

  test("a REVOKE on all the functions of a schema brings back each grant on one of them, changed or not", () => {
    // As the team's set: RLS policies call s.helper() as the signed-in role, whose right the wholesale REVOKE takes back.
    const statements = [
      "create or replace function s.helper() returns boolean language sql as $$ select true $$;",
      "create or replace function s.changed() returns int language sql as $$ select 2 $$;",
      "revoke all on all functions in schema s from public, anon, authenticated;",
      "grant execute on function s.helper() to authenticated;",
      "grant execute on function public.elsewhere() to authenticated;",
    ];
    const before = applied(statements);
    before.set("function s.changed()", "an older text");
    const written = changedUnits(statementUnits(statements), before).map((unit) => unit.sql);
    expect(written).toEqual([statements[1], statements[2], statements[3]]);
  });
});
