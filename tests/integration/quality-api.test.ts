/**
 * Quality flags through the real PostgREST (the local data API), on PGlite
 * and on PostgreSQL 15, with the public anon key as the page sends: the
 * database computes each row's flags whatever the request says, a filled
 * honeypot is stored flagged instead of refused, and the report with
 * --exclude-flagged counts exactly the unflagged rows a plain SQL recount finds.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { filtersFor, reportOptions } from "../../scripts/report/options.ts";
import { writeSurveyReport } from "../../scripts/report/run-report.ts";
import { emptyDbState, migrationFiles, readDbState } from "../../scripts/sql/migration-state.ts";
import { expectedDatabase } from "../../scripts/sql/expected-database.ts";
import { compareDatabase } from "../../scripts/db-check/compare.ts";
import { inspectDatabase } from "../../scripts/db-check/inspect.ts";
import pg from "pg";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { API_BACKENDS, startDataApiOn, type DataApiOn } from "../support/data-api-on.ts";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/quality");
const { surveys } = loadSurveys(DIR);
const plain = surveys.find(({ config }) => config.id === "quality-flags")!.config;
const partial = surveys.find(({ config }) => config.id === "quality-partial")!.config;
const stamp = versionedRows(surveys.map(({ config }) => config));

const varied = { intereses: { "Clases en vivo": "Mucho", Simulacros: "Algo", "Mentoría": "Nada" } };
const alike = { intereses: { "Clases en vivo": "Mucho", Simulacros: "Mucho", "Mentoría": "Mucho" } };

describe.each(API_BACKENDS)("quality flags through PostgREST on %s", (backend) => {
  let api: DataApi;
  let stack: DataApiOn;
  const migrations = mkdtempSync(join(tmpdir(), "quality-api-migrations-"));
  const reports = mkdtempSync(join(tmpdir(), "quality-api-reports-"));

  beforeAll(async () => {
    for (const { name, content } of planMigrations(surveys, emptyDbState()).migrations) writeFileSync(join(migrations, name), content);
    stack = await startDataApiOn(backend, migrations);
    api = stack.api;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(migrations, { recursive: true, force: true });
    rmSync(reports, { recursive: true, force: true });
  });

  const sql = async (query: string) => (await psql(api.dbUrl, ["--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1", "--command", query])).trim();
  const post = (path: string, body: unknown, key = api.anonKey) =>
    fetch(`${api.restUrl}/${path}`, { method: "POST", headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=minimal" }, body: JSON.stringify(body) });

  /** A visit that opened the survey `secondsAgo` ago, as the page records it (the time set by the database's clock, moved back). */
  async function visit(config: SurveyConfig, secondsAgo: number): Promise<string> {
    const visitId = randomUUID();
    expect((await post("visit_events", { visit_id: visitId, survey_id: config.id, step: "opened", question_id: null, hidden: {} })).status).toBe(201);
    await sql(`update public.visit_events set created_at = now() - interval '${secondsAgo} seconds' where visit_id = '${visitId}'`);
    return visitId;
  }

  /** Sends a response as the page does and returns the flags the database stored with it. */
  async function flagsOf(row: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const response = await post(plain.table, stamp(plain.table, { id, nome_completo: "Ana", opinion: "Sí", ...varied, ...row }));
    expect(response.status, await response.clone().text()).toBe(201);
    return sql(`select array_to_string(quality, ',') from public.${plain.table} where id = '${id}'`);
  }

  test("a response that took its time carries no flag, whatever flags the request sent", async () => {
    expect(await flagsOf({ visit_id: await visit(plain, 60), quality: ["honeypot", "too_fast"] })).toBe("");
  });

  test("too fast: three answers (3 s each) six seconds after the visit opened, or with no visit the database saw open", async () => {
    expect(await flagsOf({ visit_id: await visit(plain, 6) })).toBe("too_fast");
    expect(await flagsOf({ visit_id: randomUUID() })).toBe("too_fast");
  });

  test("a filled honeypot is stored flagged, its text dropped, instead of refused", async () => {
    const id = randomUUID();
    expect((await post(plain.table, stamp(plain.table, { id, nome_completo: "Bot", opinion: "Sí", ...varied, visit_id: await visit(plain, 60), website: "http://spam.example" }))).status).toBe(201);
    expect(await sql(`select array_to_string(quality, ',') || '|' || coalesce(website, 'null') from public.${plain.table} where id = '${id}'`)).toBe("honeypot|null");
  });

  test("the same column on every row of the matrix is flagged", async () => {
    expect(await flagsOf({ visit_id: await visit(plain, 60), ...alike })).toBe("same_answers");
  });

  test("the column holds known flags only (its CHECK refuses anything else, even from the service role)", async () => {
    await expect(sql(`update public.${plain.table} set quality = array['bogus'] where true`)).rejects.toThrow(/quality_check/);
  });

  test("partial responses: judged on every save by the database's clock, whatever times per question the request claims", async () => {
    const id = randomUUID();
    const secret = "s".repeat(40);
    const save = async () => {
      const response = stamp(partial.table, { id, nome_completo: "Ana", opinion: "Sí", ...varied, finished: true, last_step: "opinion", question_ms: { nomeCompleto: 60_000, intereses: 60_000, opinion: 60_000 } });
      const saved = await post(`rpc/${partial.table}_save_partial`, { response, secret });
      expect(saved.status, await saved.clone().text()).toBeLessThan(300);
      return sql(`select array_to_string(quality, ',') from public.${partial.table} where id = '${id}'`);
    };
    expect(await save()).toBe("too_fast");
    // Begun a minute earlier (the row reopened to be saved again): now it took its time.
    await sql(`update public.${partial.table} set finished = false, created_at = now() - interval '60 seconds' where id = '${id}'`);
    expect(await save()).toBe("");
  });

  test("the report with --exclude-flagged counts exactly the unflagged rows a plain SQL recount finds, and says how many it left out", { timeout: 120_000 }, async () => {
    for (let i = 0; i < 4; i++) await flagsOf({ visit_id: await visit(plain, 2), opinion: "No" });
    const source = { url: api.url, serviceKey: api.serviceRoleKey };
    const filters = filtersFor(plain, reportOptions({ excludeFlagged: true }));
    const written = await writeSurveyReport(plain, source, filters, reports, { language: "pt-BR" });
    const [unflagged, flagged, yes, no] = (await sql(`select count(*) filter (where quality = '{}'), count(*) filter (where quality <> '{}'),
      count(*) filter (where quality = '{}' and opinion = 'Sí'), count(*) filter (where quality = '{}' and opinion = 'No') from public.${plain.table}`)).split("|").map(Number);
    expect(flagged).toBeGreaterThanOrEqual(4);
    expect(written.numbers.responses).toBe(unflagged);
    const opinion = written.numbers.questions.find((question) => question.id === "opinion")!;
    expect(opinion.kind === "choice" && opinion.options.map((option) => [option.value, option.count])).toEqual([["Sí", yes], ["No", no]]);
    expect(readFileSync(written.html, "utf8")).toContain(`${flagged} respostas sinalizadas excluídas`);
    expect(readFileSync(written.csv, "utf8").trim().split("\n").length - 1).toBe(unflagged);
    // Without the option every row is counted, and the header says nothing of flags.
    const all = await writeSurveyReport(plain, source, filtersFor(plain, reportOptions({})), reports, { language: "pt-BR" });
    expect(all.numbers.responses).toBe(unflagged! + flagged!);
    expect(readFileSync(all.html, "utf8")).not.toContain("sinalizadas");
  });

  test("the results site leaves the flagged responses out when asked, says how many, and refuses the filter where it means nothing", async () => {
    const member = "quality-analyst@example.com";
    const service = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json", prefer: "resolution=merge-duplicates,return=minimal" };
    expect((await fetch(`${api.restUrl}/team_members`, { method: "POST", headers: service, body: JSON.stringify({ email: member, role: "analyst", personal: false }) })).status).toBeLessThan(300);
    const token = localAccessToken(member);
    const numbers = (filters: object) =>
      fetch(`${api.restUrl}/rpc/results_numbers`, { method: "POST", headers: { apikey: api.anonKey, authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ survey: plain.id, filters }) });
    const [unflagged, flagged] = (await sql(`select count(*) filter (where quality = '{}'), count(*) filter (where quality <> '{}') from public.${plain.table}`)).split("|").map(Number);
    const answer = (await (await numbers({ flagged: "exclude" })).json()) as { responses: { responses: number }; flaggedExcluded: number };
    expect([answer.responses.responses, answer.flaggedExcluded]).toEqual([unflagged, flagged]);
    const everything = (await (await numbers({})).json()) as { responses: { responses: number }; flaggedExcluded?: number };
    expect([everything.responses.responses, everything.flaggedExcluded]).toEqual([unflagged! + flagged!, undefined]);
    expect((await numbers({ flagged: "include" })).status).toBe(400);
  });

  test("db:check knows the flags' column, constraint, trigger and function, and that a partial-responses table takes no direct insert: none missing, then the trigger dropped and the insert granted are named", async () => {
    const drift = async () => {
      const client = new pg.Client({ connectionString: api.dbUrl });
      await client.connect();
      try {
        const expected = expectedDatabase(surveys, readDbState(migrations));
        const findings = compareDatabase(expected, await inspectDatabase(client, expected), migrationFiles(migrations));
        return findings.filter((finding) => finding.kind === "drift").map((finding) => `${finding.scope}: ${finding.message}`);
      } finally {
        await client.end();
      }
    };
    expect(await drift()).toEqual([]);
    await sql(`drop trigger quality_flags on public.${plain.table}`);
    // A partial-responses table takes no direct insert from the public key: a grant of it is drift.
    await sql(`grant insert on public.${partial.table} to anon`);
    expect(await drift()).toEqual([
      `${plain.table}: trigger quality_flags is missing`,
      `${partial.table}: anon may INSERT directly: a survey with partial responses takes its rows through its save function only`,
    ]);
  });
});
