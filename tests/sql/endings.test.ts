/**
 * The ending a response reached, in the database: a survey that starts to
 * list endings gets a small migration that adds the `ending` column and its
 * check, and the check requires exactly the ending the page chooses from the
 * same answers, so an anon insert whose ending contradicts its answers is
 * refused. Rows are what the page's toRow sends, inserted as PostgREST does.
 */
import { servedSurvey } from "../support/versioned-rows.ts";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import type { Answers } from "../../src/core/answers.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const file = JSON.parse(readFileSync("tests/fixtures/surveys/endings/endings-form.json", "utf8")) as SurveyConfig;
const withEndings = servedSurvey(file);
const { endings: _endings, ...without } = file;

function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

const first = planMigrations([{ file: "surveys/endings-form.json", config: without }], emptyDbState()).migrations;
const second = planMigrations([{ file: "surveys/endings-form.json", config: file }], applied(first)).migrations;

let counter = 0;
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
const pageRow = (answers: Answers) => toRow(withEndings, { nomeCompleto: "Ana", ...answers }, id());

describe("the migration that adds endings", () => {
  test("is one small update: the column, its type guard and its check", () => {
    expect(second.map((migration) => migration.name)).toEqual([expect.stringMatching(/_update_finales_responses\.sql$/), expect.stringMatching(/_version_finales_responses\.sql$/), expect.stringMatching(/_tallies_finales_responses\.sql$/), expect.stringMatching(/_team_finales_responses\.sql$/)]);
    const sql = second[0]!.content;
    expect(sql).toContain("add column if not exists ending text");
    // The limit of "one question added, with a condition" (tests/sql/migration-size.test.ts).
    expect(sql.split("\n").length).toBeLessThanOrEqual(60);
  });
});

describe.each(BACKENDS)("the ending column on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const migration of [...first, ...second]) await db.migrate(migration.content);
  }, 90_000);
  afterAll(() => db?.close());

  async function insert(row: Row): Promise<string> {
    const columns = Object.keys(row).join(", ");
    const sql = `insert into public.finales_responses (${columns}) select ${columns} from json_populate_record(null::public.finales_responses, $1)`;
    return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
  }

  test.each<[Answers, string]>([
    [{ testarServicos: "Sí", whatsapp: "+55 11 9999" }, "interested"],
    [{ testarServicos: "Tal vez" }, "maybe"],
    [{ testarServicos: "No me interesa" }, "not-interested"],
  ])("stores what the page sends for %j, ending %s", async (answers, ending) => {
    const row = pageRow(answers);
    expect(row.ending).toBe(ending);
    expect(await insert(row)).toBe("stored");
  });

  test.each<[Answers, string | null]>([
    [{ testarServicos: "No me interesa" }, "interested"],
    [{ testarServicos: "Sí", whatsapp: "+55 11 9999" }, "not-interested"],
    [{ testarServicos: "Tal vez" }, null],
    [{ testarServicos: "Tal vez" }, "unknown"],
  ])("refuses an anon insert whose ending contradicts its answers: %j with ending %s", async (answers, ending) => {
    expect(await insert({ ...pageRow(answers), ending })).toContain("finales_responses_ending_check");
  });
});
