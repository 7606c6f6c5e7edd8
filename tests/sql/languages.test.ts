/**
 * The language of a response, in the database: a survey that starts to list
 * several languages gets a small migration that adds the `language` column
 * and its check, rows stored before it stay, and an anon insert must name one
 * of the survey's languages. Rows are what the page's toRow sends.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyMigration, emptyDbState, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import { translateSurvey } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const DIR = "tests/fixtures/surveys/trilingual";
const file = JSON.parse(readFileSync(`${DIR}/trilingual.json`, "utf8")) as SurveyConfig;
const { languages: _languages, ...oneLanguage } = file;

function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

const first = planMigrations([{ file: "surveys/trilingual.json", config: oneLanguage }], emptyDbState()).migrations;
const second = planMigrations([{ file: "surveys/trilingual.json", config: file }], applied(first)).migrations;

let counter = 0;
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
const answers = { nombre: "Ana", etapa: "Estudiando", temas: ["Emprendimiento"], confianza: [7] };
/** The row the page in `language` sends for the same answers. */
function pageRow(config: SurveyConfig, language: string): Row {
  const survey = resolveSurvey(translateSurvey(config, language, language === config.language ? undefined : JSON.parse(readFileSync(`${DIR}/translations/trilingual.${language}.json`, "utf8"))));
  return toRow({ ...survey, version: definitionVersion(config) }, { ...openingAnswers(survey, "", id()), ...answers }, id());
}

describe("the migration that adds languages", () => {
  test("is one small update: the column and its check", () => {
    expect(second.map((migration) => migration.name)).toEqual([expect.stringMatching(/_update_trilingual_responses\.sql$/), expect.stringMatching(/_version_trilingual_responses\.sql$/), expect.stringMatching(/_tallies_trilingual_responses\.sql$/), expect.stringMatching(/_team_trilingual_responses\.sql$/)]);
    expect(second[0]!.content).toContain("add column if not exists language text");
    expect(second[0]!.content).toContain("language in ('es', 'pt-BR', 'en')");
  });
});

describe.each(BACKENDS)("the language column on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const migration of first) await db.migrate(migration.content);
    expect(await insert(pageRow(oneLanguage, "es"))).toBe("stored");
    for (const migration of second) await db.migrate(migration.content);
  }, 90_000);
  afterAll(() => db?.close());

  async function insert(row: Row): Promise<string> {
    const columns = Object.keys(row).join(", ");
    const sql = `insert into public.trilingual_responses (${columns}) select ${columns} from json_populate_record(null::public.trilingual_responses, $1)`;
    return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
  }

  test("keeps the rows stored before the survey had languages", async () => {
    const rows = await db.query<{ count: number }>("select count(*)::int as count from public.trilingual_responses where language is null");
    expect(rows[0]?.count).toBe(1);
  });

  test.each(["es", "pt-BR", "en"])("stores what the page in %s sends: the same answers, its language", async (language) => {
    const row = pageRow(file, language);
    expect(row).toMatchObject({ ...pageRow(file, "es"), id: row.id, visit_id: row.visit_id, language });
    expect(await insert(row)).toBe("stored");
  });

  test.each([["fr"], [null]])("refuses an anon insert with language %s", async (language) => {
    expect(await insert({ ...pageRow(file, "es"), language })).toContain("trilingual_responses_language_check");
  });
});
