/**
 * The definition's version on every response, in the database
 * (scripts/sql/definition-versions-sql.ts, column-specs.ts), on PGlite and
 * PostgreSQL 15: a row is refused without a version or with one codegen never
 * published, with an error that says which and what to do; after a rename the
 * new version is accepted and so is the earlier one (a page opened before
 * the deploy, or a draft started on it), and each version's labels stay
 * readable in report.definition_versions. Rows are what the page's toRow sends.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { servedSurvey } from "../support/versioned-rows.ts";
import { applyMigration, emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { openingAnswers } from "../../src/core/hidden-fields.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";

const FILE = "surveys/versioned.json";
const v1: SurveyConfig = {
  id: "versioned", route: "/versioned", table: "versioned_responses", language: "es", pageTitle: "Versiones", professionalName: "X",
  questions: [{ id: "color", type: "radio", title: "¿Qué color?", emoji: "🎨", required: true, options: [{ value: "a", label: "Alfa" }, { value: "b", label: "Beta" }] }],
} as SurveyConfig;
const renamed = structuredClone(v1);
(renamed.questions[0] as { options: { value: string; label: string }[] }).options[0]!.label = "Alfa nueva";

let counter = 0;
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
/** What the page built from `config` sends for the answer "a". */
function pageRow(config: SurveyConfig): Row {
  const survey = servedSurvey(config);
  return toRow(survey, { ...openingAnswers(survey, "", id()), color: "a" }, id());
}

test("a rename is a new version; whitespace and key order in the file are not", () => {
  expect(definitionVersion(renamed)).not.toBe(definitionVersion(v1));
  const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(v1).reverse()), null, 7)) as SurveyConfig;
  expect(definitionVersion(reordered)).toBe(definitionVersion(v1));
  expect(pageRow(v1).definition_version).toBe(definitionVersion(v1));
});

describe.each(BACKENDS)("definition versions on %s", (_, open) => {
  let db: SqlBackend;
  const state = emptyDbState();
  async function deploy(config: SurveyConfig): Promise<string[]> {
    const { migrations } = planMigrations([{ file: FILE, config }], state);
    for (const migration of migrations) {
      await db.migrate(migration.content);
      applyMigration(state, migration.name, migration.content);
    }
    return migrations.map((migration) => migration.name);
  }
  async function insert(row: Row): Promise<string> {
    const columns = Object.keys(row).join(", ");
    const sql = `insert into public.versioned_responses (${columns}) select ${columns} from json_populate_record(null::public.versioned_responses, $1)`;
    return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: Error) => error.message);
  }

  beforeAll(async () => {
    db = await open();
    await deploy(v1);
  }, 120_000);
  afterAll(() => db?.close());

  test("stores what the page sends: its version and no commit (a build that knew none)", async () => {
    const row = pageRow(v1);
    expect(row).toMatchObject({ definition_version: definitionVersion(v1), definition_commit: null });
    expect(await insert(row)).toBe("stored");
    expect(await insert({ ...pageRow(v1), definition_commit: "0123456789abcdef0123456789abcdef01234567" })).toBe("stored");
  });

  test("refuses a response without a version, saying it must carry one", async () => {
    expect(await insert({ ...pageRow(v1), definition_version: null })).toBe("versioned_responses: a response must carry the version of the survey's definition (definition_version); the page sends it");
  });

  test.each([
    ["a version never published", "0123456789abcdef"],
    ["the next version before its migrations are applied", definitionVersion(renamed)],
  ])("refuses a response with %s, naming it", async (_what, version) => {
    expect(await insert({ ...pageRow(v1), definition_version: version })).toBe(`versioned_responses: definition version ${version} was never published for this survey`);
  });


  test("refuses a commit that is not one", async () => {
    expect(await insert({ ...pageRow(v1), definition_commit: "main" })).toContain("versioned_responses_definition_commit_check");
  });

  test("after a rename is deployed (one migration, the version's row; the table unchanged): the new version is stored, the earlier one still is, and each keeps its labels", async () => {
    const names = await deploy(renamed);
    expect(names).toEqual([expect.stringMatching(/_version_versioned_responses\.sql$/)]);
    expect(await insert(pageRow(renamed))).toBe("stored");
    expect(await insert(pageRow(v1))).toBe("stored");
    const stored = await db.query<{ definition_version: string; count: number }>("select definition_version, count(*)::int as count from public.versioned_responses group by 1 order by 2 desc");
    expect(stored).toEqual([{ definition_version: definitionVersion(v1), count: 3 }, { definition_version: definitionVersion(renamed), count: 1 }]);
    const labels = await db.query<{ version: string; label: string }>("select version, labels #>> '{questions,color,values,a}' as label from report.definition_versions where survey_table = 'versioned_responses' order by published_at, version");
    expect(labels).toEqual(expect.arrayContaining([{ version: definitionVersion(v1), label: "Alfa" }, { version: definitionVersion(renamed), label: "Alfa nueva" }]));
    expect(labels).toHaveLength(2);
  });

  test("going back to the first definition publishes nothing twice and keeps both versions accepted", async () => {
    await deploy(v1);
    const [row] = await db.query<{ count: number }>("select count(*)::int as count from report.definition_versions where survey_table = 'versioned_responses'");
    expect(row!.count).toBe(2);
    expect(await insert(pageRow(renamed))).toBe("stored");
    expect(await insert(pageRow(v1))).toBe("stored");
  });

  test("the published versions are the report's alone: the public key can neither read nor add one", async () => {
    await expect(db.asRole("anon", "select * from report.definition_versions")).rejects.toThrow(/permission denied/);
    await expect(db.asRole("anon", "insert into report.definition_versions (survey_table, version, labels) values ('versioned_responses', 'ffffffffffffffff', '{}')")).rejects.toThrow(/permission denied/);
  });

  test("a partial save or any update keeps a row's version, and cannot move it to an unpublished one", async () => {
    const row = pageRow(v1);
    expect(await insert(row)).toBe("stored");
    await expect(db.query("update public.versioned_responses set color = 'b' where id = $1", [row.id])).resolves.toBeDefined();
    await expect(db.query("update public.versioned_responses set definition_version = 'eeeeeeeeeeeeeeee' where id = $1", [row.id])).rejects.toThrow(/definition version eeeeeeeeeeeeeeee was never published/);
  });
});
