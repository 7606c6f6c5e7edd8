// npm run db:check as an operator runs it: against a freshly migrated database it
// finds nothing; against one prepared to have each kind of drift it names each one
// and exits 1.
import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import pg from "pg";
import { startDataApi, type DataApi } from "../../scripts/data-api/index.ts";
import { command, REPO } from "../scripts/helpers.ts";
import { migrationFiles } from "../../scripts/sql/migration-state.ts";
import { startPostgresServer, type PostgresServer } from "../../scripts/bench/postgres-server.ts";

/** Asynchronous: the PGlite database it checks runs in this very process. */
function dbCheck(databaseUrl: string): Promise<{ status: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, command("scripts/db-check/cli.ts"), { cwd: REPO, env: { ...process.env, DATABASE_URL: databaseUrl } }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code) : 0, out: stdout + stderr });
    });
  });
}

describe("on the local data API (PGlite), freshly migrated", () => {
  let api: DataApi;
  beforeAll(async () => {
    api = await startDataApi({ port: 0, dataDir: null, quiet: true });
  }, 180_000);
  afterAll(() => api?.stop());

  test("finds nothing and exits 0", async () => {
    const { status, out } = await dbCheck(api.dbUrl);
    expect(out).toContain("The database is what the survey files say.");
    expect(status).toBe(0);
  }, 60_000);
});

describe("on a real PostgreSQL", () => {
  let server: PostgresServer;
  let api: DataApi | undefined;
  beforeAll(async () => {
    server = await startPostgresServer();
    // The data API in DATABASE_URL mode sets up the roles and applies and records the migrations.
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = server.url;
    try {
      api = await startDataApi({ port: 0, quiet: true });
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    server?.stop();
  });

  test("freshly migrated: finds nothing and exits 0", async () => {
    const { status, out } = await dbCheck(server.url);
    expect(out).toContain("The database is what the survey files say.");
    expect(status).toBe(0);
  }, 60_000);

  test("with every kind of drift: names each one and exits 1", async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`
      alter table public.forms_estrangeiros drop column pais_outro;
      alter table public.forms_estrangeiros drop constraint forms_estrangeiros_genero_check;
      alter table public.forms_estrangeiros add constraint forms_estrangeiros_genero_check check (true);
      alter table public.forms_estrangeiros disable row level security;
      create policy "Anyone can view" on public.forms_estrangeiros for select using (true);
      grant select, delete on public.forms_estrangeiros to anon;
      alter table public.medical_form_responses drop constraint medical_form_responses_idade_check;
      alter table public.medical_form_responses alter column idade type integer using null;
      drop trigger one_response_per_request on public.medical_form_responses;
      drop trigger report_tallies_insert on public.medical_form_responses;
      drop trigger report_visits_insert on public.visit_events;
      update survey_private.campaigns set closes_at = '2026-12-01T00:00:00Z', max_responses = 50 where survey_table = 'medical_form_responses';
      alter role anon reset statement_timeout;
      alter table public.visit_events drop constraint visit_events_survey_id_check;
      grant update (step) on public.visit_events to authenticated;
      grant select on public.visits to anon;
      delete from supabase_migrations.schema_migrations where version = (select max(version) from supabase_migrations.schema_migrations);
    `);
    await client.end();

    const { status, out } = await dbCheck(server.url);
    expect(status).toBe(1);
    for (const line of [
      "✗ column pais_outro is missing (text)",
      "✗ constraint forms_estrangeiros_pais_outro_check is missing",
      "✗ constraint forms_estrangeiros_genero_check differs from what surveys/foreign-form.json generates",
      "✗ row level security is off",
      '✗ policy "Anyone can view" (for SELECT to public) is not the survey\'s: the public key must only insert',
      "✗ anon is granted SELECT, DELETE: the public key must only insert",
      "✗ column idade is integer, the survey needs text",
      "✗ constraint medical_form_responses_idade_check is missing",
      "✗ trigger one_response_per_request is missing",
      "✗ trigger report_tallies_insert is missing",
      "✗ trigger report_visits_insert is missing",
      "✗ campaign closesAt is 2026-12-01T00:00:00.000Z, surveys/medical-form.json says none",
      "✗ campaign maxResponses is 50, surveys/medical-form.json says none",
      '✗ role anon: statement_timeout is not set, expected "3s"',
      "✗ constraint visit_events_survey_id_check is missing",
      "✗ authenticated is granted UPDATE: the public key must only insert",
      "✗ anon is granted SELECT: the public key must not read visits",
      `✗ ${migrationFiles(`${REPO}/supabase/migrations`).at(-1)} is not applied yet`,
    ]) {
      expect(out).toContain(line);
    }
    expect(out).toMatch(/\n\d+ difference\(s\) between the database and the survey files/);
  }, 60_000);
});
