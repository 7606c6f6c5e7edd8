/**
 * A conditional question in the database: the generated CHECK requires its
 * answer exactly while its condition holds and wants NULL while it does not,
 * so the database is as strict as the page. Rows are what the page's toRow
 * sends, inserted as the public anon role the way PostgREST inserts them.
 */
import { withVersion } from "../support/versioned-rows.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emptyDbState, applyMigration, type DbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations, type NewMigration } from "../../scripts/sql/plan-migrations.ts";
import { rowSchema } from "../../scripts/lib/row-schema.ts";
import type { Answers } from "../../src/core/answers.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { pgliteBackend, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const vive: Question = { id: "vive", type: "radio", title: "¿Vives en Brasil?", emoji: "🇧🇷", required: true, options: ["Sí", "No"] };
const ciudad: Question = { id: "ciudad", type: "text", title: "¿En qué ciudad?", emoji: "🏙️", required: true, showIf: { question: "vive", equals: "Sí" } };
const horas: Question = { id: "horas", type: "slider", title: "¿Horas?", emoji: "⏱️", required: true, min: 0, max: 10, default: 2, minLabel: "0", maxLabel: "10", showIf: { question: "vive", equals: "Sí" } };
const config = (questions: Question[]): SurveyConfig => ({ ...tinySurvey({ questions }), table: "viviendas" });

function applied(migrations: NewMigration[]): DbState {
  const state = emptyDbState();
  for (const { name, content } of migrations) applyMigration(state, name, content);
  return state;
}

let db: SqlBackend;
let counter = 0;
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

async function insert(row: Row): Promise<string> {
  const columns = Object.keys(row).join(", ");
  const sql = `insert into public.viviendas (${columns}) select ${columns} from json_populate_record(null::public.viviendas, $1)`;
  return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
}

const pageRow = (answers: Answers, questions: Question[]) => toRow(withVersion(config(questions)), answers, id());

beforeAll(async () => {
  db = await pgliteBackend();
  // First without the condition on ciudad, then with it: the second migration must relax the old requirement.
  const first = planMigrations([{ file: "surveys/tiny.json", config: config([vive, { ...ciudad, showIf: undefined } as Question, horas]) }], emptyDbState()).migrations;
  const second = planMigrations([{ file: "surveys/tiny.json", config: config([vive, ciudad, horas]) }], applied(first)).migrations;
  expect(second.filter((migration) => migration.name.endsWith("_update_viviendas.sql"))).toHaveLength(1);
  for (const migration of [...first, ...second]) await db.migrate(migration.content);
}, 90_000);

afterAll(() => db?.close());

describe("a conditional required question in the database", () => {
  const questions = [vive, ciudad, horas];

  test("stores what the page sends on both branches, NULL for the hidden questions", async () => {
    expect(await insert(pageRow({ vive: "Sí", ciudad: "Lima", horas: [3] }, questions))).toBe("stored");
    // ciudad typed, then hidden by "No": the page sends NULL, and NULL is stored.
    expect(await insert(pageRow({ vive: "No", ciudad: "Lima", horas: [3] }, questions))).toBe("stored");
  });

  test.each<[string, Partial<Row>, string]>([
    ["asked and left empty", { vive: "Sí", ciudad: null, horas: 3 }, "viviendas_ciudad_check"],
    ["asked, slider missing", { vive: "Sí", ciudad: "Lima", horas: null }, "viviendas_horas_check"],
    ["not asked but answered", { vive: "No", ciudad: "Lima", horas: null }, "viviendas_ciudad_check"],
    ["not asked, slider sent", { vive: "No", ciudad: null, horas: 4 }, "viviendas_horas_check"],
  ])("refuses a row the page would never send: %s", async (_, change, constraint) => {
    expect(await insert({ id: id(), definition_version: withVersion(config(questions)).version, vive: "Sí", ciudad: "Lima", horas: 3, ...change } as Row)).toContain(constraint);
  });

  test("its column is nullable in the row type", () => {
    const properties = rowSchema(config(questions)).properties as Record<string, { type: unknown }>;
    expect(properties.vive!.type).toBe("string");
    expect(properties.ciudad!.type).toEqual(["string", "null"]);
    expect(properties.horas!.type).toEqual(["integer", "null"]);
  });
});
