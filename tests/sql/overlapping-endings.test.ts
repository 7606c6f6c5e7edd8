/**
 * Two endings whose conditions both hold: the first in the file is reached,
 * on the page (the row toRow sends names it) and in the database (its check
 * stores it and refuses the second), on PGlite and on PostgreSQL.
 */
import { servedSurvey } from "../support/versioned-rows.ts";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const fixture = JSON.parse(readFileSync("tests/fixtures/surveys/endings/endings-form.json", "utf8")) as SurveyConfig;
// "Sí" with a WhatsApp number meets both conditions; "Sí" alone only the first.
const file: SurveyConfig = {
  ...fixture,
  endings: [
    { id: "chose-yes", showIf: { question: "testarServicos", equals: "Sí" } },
    { id: "left-number", showIf: { question: "whatsapp", is: "answered" } },
    { id: "other" },
  ],
};
const survey = servedSurvey(file);
const migrations = planMigrations([{ file: "surveys/endings-form.json", config: file }], emptyDbState()).migrations;
const bothHold = (): Row => toRow(survey, { nomeCompleto: "Ana", testarServicos: "Sí", whatsapp: "+55 11 9999" }, crypto.randomUUID());

test("the page stores the first of two endings whose conditions both hold", () => {
  expect(bothHold().ending).toBe("chose-yes");
});

describe.each(BACKENDS)("two endings whose conditions both hold, on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const migration of migrations) await db.migrate(migration.content);
  }, 90_000);
  afterAll(() => db?.close());

  const insert = (row: Row) => {
    const columns = Object.keys(row).join(", ");
    const sql = `insert into public.${file.table} (${columns}) select ${columns} from json_populate_record(null::public.${file.table}, $1)`;
    return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
  };

  test("the database stores the first and refuses the second", async () => {
    expect(await insert(bothHold())).toBe("stored");
    expect(await insert({ ...bothHold(), ending: "left-number" })).toContain(`${file.table}_ending_check`);
  });
});
