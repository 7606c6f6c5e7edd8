/**
 * Issue 35 on PGlite and on a real PostgreSQL: a database migrated through the
 * written history and then the migrations of the size of the change (each run
 * twice, as after `migration repair`) is what a fresh database migrated from
 * the edited files is: db:check finds nothing, the catalogs match, and its
 * checks still refuse what the page would never send.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compareDatabase } from "../../scripts/db-check/compare.ts";
import { inspectDatabase } from "../../scripts/db-check/inspect.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { expectedDatabase } from "../../scripts/sql/expected-database.ts";
import { migrationFiles, nextTimestamp, readDbState } from "../../scripts/sql/migration-state.ts";
import type { Row } from "../../src/core/to-row.ts";
import { BACKENDS, MIGRATIONS_DIR, migratedBackend, pgliteMigratedBackend, type SqlBackend } from "../support/sql-backends.ts";
import { codegenMigrations, editForeignForm, EDITS, scratchProject, type EditName, type ScratchProject } from "../support/survey-edits.ts";
import { validRow } from "../support/survey-rows.ts";
import { FIXTURES } from "../scripts/helpers.ts";

const EDIT_NAMES = Object.keys(EDITS) as EditName[];
const roots: string[] = [];
const project = (fresh: boolean) => {
  const root = mkdtempSync(join(tmpdir(), "delta-convergence-"));
  roots.push(root);
  return scratchProject(root, { fresh });
};

/** The shipped history, then one codegen run per edit, as a content team would go. */
const history = project(false);
/** Every edit at once, on a project without migrations. */
const fresh = project(true);
const deltas: { name: string; content: string }[] = [];
beforeAll(async () => {
  for (const edit of EDIT_NAMES) {
    editForeignForm(history.surveys, edit);
    deltas.push(...(await codegenMigrations(history)));
    editForeignForm(fresh.surveys, edit);
  }
  await codegenMigrations(fresh);
}, 120_000);
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** The differences db:check reports (scripts/db-check/cli.ts) for a project's files against `db`, the applied versions recorded as supabase db push records them. */
async function dbCheck(db: SqlBackend, scratch: ScratchProject) {
  const files = migrationFiles(scratch.migrations);
  await db.query("create schema if not exists supabase_migrations");
  await db.query("create table if not exists supabase_migrations.schema_migrations (version text primary key)");
  for (const file of files) await db.query("insert into supabase_migrations.schema_migrations values ($1) on conflict do nothing", [file.slice(0, 14)]);
  const expected = expectedDatabase(loadSurveys(scratch.surveys, scratch.migrations).surveys, readDbState(scratch.migrations));
  const client = { query: async (sql: string, params?: unknown[]) => ({ rows: await db.query(sql, params) }) } as unknown as pg.Client;
  return compareDatabase(expected, await inspectDatabase(client, expected), files).filter((finding) => finding.kind === "drift");
}

/** The survey tables and the guard as the catalogs describe them, independent of the order things were added in. */
async function catalog(db: SqlBackend) {
  const constraints = await db.query<{ conname: string; def: string; comment: string }>(
    "select conrelid::regclass::text as t, conname, convalidated, pg_get_constraintdef(oid) as def, obj_description(oid, 'pg_constraint') as comment from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2",
  );
  return {
    columns: await db.query("select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public' order by 1, 2"),
    constraints: constraints.map(({ def, comment, ...rest }) => rest),
    definitions: new Map(constraints.map(({ conname, def, comment }) => [conname, `${def} -- ${comment}`])),
    policies: await db.query("select tablename, policyname, cmd, roles::text[] as roles, with_check from pg_policies order by 1, 2"),
    triggers: await db.query("select tgrelid::regclass::text as t, tgname from pg_trigger where not tgisinternal order by 1, 2"),
    grants: await db.query("select table_name, grantee, privilege_type from information_schema.role_table_grants where table_schema = 'public' and grantee in ('anon', 'authenticated', 'PUBLIC') order by 1, 2, 3"),
    campaigns: await db.query("select survey_table, opens_at, closes_at, max_responses, responses from survey_private.campaigns order by 1"),
    functions: await db.query("select proname, md5(prosrc) as src from pg_proc where pronamespace = 'survey_private'::regnamespace order by 1"),
  };
}

const table = "forms_estrangeiros";
const refusal = (db: SqlBackend, row: Row) => {
  const columns = Object.keys(row).join(", ");
  const sql = `insert into public.${table} (${columns}) select ${columns} from json_populate_record(null::public.${table}, $1)`;
  return db.asRole("anon", sql, [JSON.stringify(row)]).then(() => "stored", (error: { code?: string }) => error.code);
};

/** The names of the migrations written after the project's own, in order: each description given one timestamp after the last. */
function namesAfterProject(descriptions: string[]): string[] {
  let timestamp = readDbState(MIGRATIONS_DIR).lastTimestamp;
  return descriptions.map((description) => `${(timestamp = nextTimestamp(timestamp))}_${description}.sql`);
}

test("the edits wrote three migrations of the size of the change, each edit's definition version, and for the new question the report's tallies and the results site's survey row again", () => {
  expect(deltas.map(({ name }) => name)).toEqual(namesAfterProject(["update_forms_estrangeiros", "version_forms_estrangeiros", "update_forms_estrangeiros", "version_forms_estrangeiros", "tallies_forms_estrangeiros", "team_forms_estrangeiros", "update_forms_estrangeiros", "version_forms_estrangeiros", "version_forms_estrangeiros"]));
});

describe.each(BACKENDS)("history, then the new migrations twice, on %s", (name) => {
  let migrated: SqlBackend;
  let fromScratch: SqlBackend;
  beforeAll(async () => {
    [migrated, fromScratch] = await Promise.all([migratedBackend(name, history.migrations), migratedBackend(name, fresh.migrations)]);
    for (const { content } of deltas) await migrated.migrate(content);
  }, 180_000);
  afterAll(async () => Promise.all([migrated?.close(), fromScratch?.close()]));

  test("db:check finds nothing against the project's files", async () => {
    expect(await dbCheck(migrated, history)).toEqual([]);
  });

  test("the database is the one a fresh project migrated from the edited files gets", async () => {
    expect(await dbCheck(fromScratch, fresh)).toEqual([]);
    const [mine, theirs] = await Promise.all([catalog(migrated), catalog(fromScratch)]);
    expect({ ...mine, definitions: undefined }).toEqual({ ...theirs, definitions: undefined });
    // One check differs in text only: allowed values accumulate in the order they first appeared
    // (column-specs.ts), so the history lists 'Agénero' after 'Otro' and a fresh project before it.
    const differing = [...mine.definitions].filter(([name, def]) => theirs.definitions.get(name) !== def).map(([name]) => name);
    expect(differing).toEqual(["forms_estrangeiros_genero_check"]);
  });

  test("the new option and the new question's answer are stored; what the page would never send is refused", async () => {
    const config = loadSurveys(history.surveys, history.migrations).surveys.find(({ config }) => config.table === table)!.config;
    const row = (change: Record<string, unknown>) => ({ ...validRow(config), ...change }) as Row;
    expect(await refusal(migrated, row({ genero: "Agénero" }))).toBe("stored");
    expect(await refusal(migrated, row({ empreender: "Sí, un poco", consultorio: "Clínica propia" }))).toBe("stored");
    for (const change of [
      { consultorio: "Clínica propia" },
      { genero: "Marciano" },
      { nome_completo: "   " },
      { redes_sociais: [] },
      { genero_outro: "Texto libre" },
      { influencia_online: 99 },
      { website: "http://spam.example" },
    ]) {
      expect(await refusal(migrated, row(change)), JSON.stringify(change)).toBe("23514");
    }
    const [campaign] = await migrated.query<{ max_responses: number; responses: number }>("select max_responses, responses from survey_private.campaigns where survey_table = $1", [table]);
    expect(campaign).toEqual({ max_responses: 500, responses: 2 });
  });
});

describe.each(EDIT_NAMES.filter((edit) => edit !== "an option's label renamed"))("%s alone, on PGlite", (edit) => {
  test("its migration converges whether it runs once or twice", async () => {
    const scratch = project(false);
    editForeignForm(scratch.surveys, edit);
    const [migration] = await codegenMigrations(scratch);
    const db = await pgliteMigratedBackend(scratch.migrations);
    try {
      expect(await dbCheck(db, scratch)).toEqual([]);
      await db.migrate(migration!.content);
      expect(await dbCheck(db, scratch)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});

test("a survey added: its table in full, and of visit_events only the check of survey ids, converging run once or twice (PGlite)", async () => {
  const scratch = project(false);
  cpSync(join(FIXTURES, "valid/newsletter-form.json"), join(scratch.surveys, "newsletter-form.json"));
  const written = await codegenMigrations(scratch);
  expect(written.map(({ name }) => name)).toEqual(namesAfterProject(["create_newsletter_responses", "visit_events", "version_newsletter_responses", "tallies_newsletter_responses", "team_newsletter_responses"]));
  expect(written[1]!.content.split("\n").length - 1).toBe(7);
  const db = await pgliteMigratedBackend(scratch.migrations);
  try {
    expect(await dbCheck(db, scratch)).toEqual([]);
    await db.migrate(written[1]!.content);
    expect(await dbCheck(db, scratch)).toEqual([]);
  } finally {
    await db.close();
  }
}, 120_000);

describe("a new question's migration on a table changed by hand (PGlite)", () => {
  const scratch = project(false);
  let migration: { name: string; content: string };
  let version: { name: string; content: string };
  let db: SqlBackend;
  beforeAll(async () => {
    editForeignForm(scratch.surveys, "one question added with a condition");
    const written = await codegenMigrations(scratch);
    [migration] = written as [typeof migration];
    version = written.find(({ name }) => name.includes("_version_"))!;
    // Everything before the edit, the shipped history the scratch project copied: the update (and the tallies
    // made again after it) are what the tests apply.
    db = await pgliteMigratedBackend(MIGRATIONS_DIR);
  }, 120_000);
  afterAll(() => db?.close());

  test("a column of the wrong type stops it before any change, naming what to do", async () => {
    await db.migrate(`alter table public.${table} add column consultorio integer`);
    await expect(db.migrate(migration.content)).rejects.toThrow("forms_estrangeiros.consultorio is integer in the database but the survey needs text: nothing was changed.");
    await db.migrate(`alter table public.${table} drop column consultorio`);
  });

  test("a column added by hand as NOT NULL no longer refuses the responses that leave it empty", async () => {
    await db.migrate(`alter table public.${table} add column consultorio text not null`);
    await db.migrate(migration.content);
    // The edit's definition version, published beside it: the response below is of the edited survey.
    await db.migrate(version.content);
    expect(await dbCheck(db, scratch)).toEqual([]);
    const config = loadSurveys(scratch.surveys, scratch.migrations).surveys.find(({ config }) => config.table === table)!.config;
    expect(await refusal(db, validRow(config))).toBe("stored");
  });
});
