// The migrations as a team applies them: the official Supabase CLI's `db push
// --db-url` on a fresh PostgreSQL 15 with Supabase's roles, twice, then after
// a survey change and codegen; on a database that applied the history before
// codegen rewrote its bare LOCK TABLEs; and the local data API on the result.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";
import { ROLES_SQL } from "../../scripts/data-api/roles.ts";
import { startDataApi } from "../../scripts/data-api/index.ts";
import { HISTORIC_FIXES } from "../../scripts/sql/historic-fixes.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import { codegenMigrations, editForeignForm, migrationNames, scratchProject } from "../support/survey-edits.ts";
import { surveyFile } from "../support/survey-files.ts";
import { appliedBy, appliedVersions, dbPush } from "../support/supabase-cli.ts";

let server: PostgresServer;
let root: string;

/** A new database on the server, with the roles and privileges a Supabase project has. */
async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = server.url.replace(/\/postgres$/, `/${name}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(ROLES_SQL);
  await db.end();
  return url;
}

const versionOf = (name: string) => name.slice(0, 14);

beforeAll(async () => {
  server = await startPostgresServer();
  root = mkdtempSync(join(tmpdir(), "rmj-supabase-cli-"));
}, 120_000);

afterAll(() => {
  server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("supabase db push (the official CLI) on PostgreSQL 15", { timeout: 600_000 }, () => {
  test("applies every migration, then says up to date, then applies only what a survey change adds; the data API applies nothing again and serves", async () => {
    const url = await freshDatabase("team_fresh");
    const project = scratchProject(join(root, "fresh"));

    const first = await dbPush(project.root, url);
    expect(first.output).not.toMatch(/ERROR/);
    expect(first.status).toBe(0);
    expect(appliedBy(first)).toEqual(migrationNames(project));
    expect(await appliedVersions(project.root, url)).toEqual(migrationNames(project).map(versionOf));

    const again = await dbPush(project.root, url);
    expect(again.status).toBe(0);
    expect(again.output).toMatch(/up to date/i);
    expect(appliedBy(again)).toEqual([]);

    editForeignForm(project.surveys, "one question added with a condition");
    const added = await codegenMigrations(project);
    expect(added.length).toBeGreaterThan(0);
    const third = await dbPush(project.root, url);
    expect(third.status).toBe(0);
    expect(appliedBy(third)).toEqual(added.map(({ name }) => name));
    expect(await appliedVersions(project.root, url)).toEqual(migrationNames(project).map(versionOf));

    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    const api = await startDataApi({ port: 0, quiet: true, migrationsDir: project.migrations });
    try {
      expect(await api.migrate()).toEqual([]);
      const survey = surveyFile("foreign-form");
      const response = await fetch(`${api.restUrl}/${survey.table}`, {
        method: "POST",
        headers: { apikey: api.anonKey, authorization: `Bearer ${api.anonKey}`, "content-type": "application/json", prefer: "return=minimal" },
        body: JSON.stringify(validRow(survey)),
      });
      expect(response.status).toBe(201);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query("select (select count(*) from supabase_migrations.schema_migrations)::int as recorded, (select count(*) from public.forms_estrangeiros)::int as stored");
      await db.end();
      expect(rows[0]).toEqual({ recorded: migrationNames(project).length, stored: 1 });
    } finally {
      await api.stop();
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
  });

  test("a database that applied the history as first written (bare LOCK TABLE, in transactions) gets only the new migrations from the CLI", async () => {
    const url = await freshDatabase("team_before");
    const project = scratchProject(join(root, "before"));
    // The files as they were before codegen fixed them: the fix undone, note line removed.
    const old = join(root, "before-old");
    const oldProject = scratchProject(old);
    let undone = 0;
    for (const name of migrationNames(oldProject)) {
      const file = join(oldProject.migrations, name);
      const text = readFileSync(file, "utf8");
      if (!HISTORIC_FIXES.some(({ note }) => text.startsWith(note))) continue;
      undone += 1;
      const body = text.split("\n").slice(1).join("\n");
      writeFileSync(file, body.replace(/^do \$codegen\$\nbegin\n {2}(lock table public\.[a-z0-9_]+ in share row exclusive mode;)\n((?: {2}.*\n)+?)end\n\$codegen\$;$/gm, (_all, lock: string, upsert: string) => `${lock}\n${upsert.replace(/^ {2}/gm, "").trimEnd()}`));
      expect(readFileSync(file, "utf8")).toMatch(/^lock table public\.\w+ in share row exclusive mode;$/m);
    }
    expect(undone).toBeGreaterThan(0);
    // Applied by the local data API's runner, one transaction per file, as the CLI did before 2.115.
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    const api = await startDataApi({ port: 0, quiet: true, migrationsDir: oldProject.migrations });
    await api.stop();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;

    editForeignForm(project.surveys, "one option added");
    const added = await codegenMigrations(project);
    const push = await dbPush(project.root, url);
    expect(push.status).toBe(0);
    expect(appliedBy(push)).toEqual(added.map(({ name }) => name));
    expect(await appliedVersions(project.root, url)).toEqual(migrationNames(project).map(versionOf));
  });
});
