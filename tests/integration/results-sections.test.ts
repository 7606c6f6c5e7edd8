// The results site's partial responses and channel state, through PostgREST
// with tokens as Supabase Auth mints them, on PGlite and PostgreSQL 15: a
// survey with partial responses and a webhook channel (the partial fixture,
// with a channel added). The site's finished / unfinished filter and its
// counts apart equal a plain SQL recount, and a viewer's view below the
// minimum group gets neither counts nor times; each channel's state is the
// outbox's own view, for owners only.
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DataApi } from "../../scripts/data-api/index.ts";
import { psql } from "../../scripts/data-api/psql.ts";
import { generate, MIGRATIONS_DIR } from "../../scripts/lib/codegen.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { partialFunctionName } from "../../src/core/partial-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { reportNumbersOf, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { REPO } from "../scripts/helpers.ts";
import { startDataApiOn, type DataApiOn } from "../support/data-api-on.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const TEAM = {
  viewer: { email: "viewer@equipe.test", role: "viewer", personal: false },
  analyst: { email: "analyst@equipe.test", role: "analyst", personal: false },
  owner: { email: "owner@equipe.test", role: "owner", personal: false },
};
// A whole day, as the site sends it (the fixture has no time zone: it starts at midnight UTC).
const SINCE = "2026-01-01";

/** The partial fixture with a webhook channel, and the migrations `npm run codegen` writes for it. */
async function surveyAndMigrations(): Promise<{ config: SurveyConfig; migrationsDir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "results-sections-surveys-"));
  const file = JSON.parse(readFileSync(join(REPO, "tests/fixtures/surveys/partial/partial-form.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, "partial-form.json"), JSON.stringify({ ...file, notifications: { owner: TEAM.owner.email, webhooks: [{ name: "crm", url: "https://crm.example.com/hook" }] } }));
  const migrationsDir = mkdtempSync(join(tmpdir(), "results-sections-migrations-"));
  const result = await generate(dir, migrationsDir);
  if ("errors" in result) throw new Error(JSON.stringify(result.errors));
  for (const { path, content } of result.files.filter((entry) => entry.path.startsWith(`${MIGRATIONS_DIR}/`))) {
    mkdirSync(dirname(join(migrationsDir, path)), { recursive: true });
    writeFileSync(join(migrationsDir, path), content);
  }
  return { config: loadSurveys(dir).surveys[0]!.config as SurveyConfig, migrationsDir: join(migrationsDir, MIGRATIONS_DIR) };
}

describe.each(API_BACKENDS)("the results site's partial responses and channels on %s", { timeout: 300_000 }, (backend) => {
  let api: DataApi;
  let config: SurveyConfig;
  let stack: DataApiOn | undefined;

  const rpc = async (who: keyof typeof TEAM | "anon", name: string, args: object) => {
    const auth: Record<string, string> = who === "anon" ? {} : { authorization: `Bearer ${localAccessToken(TEAM[who].email)}` };
    const response = await fetch(`${api.restUrl}/rpc/${name}`, { method: "POST", headers: { apikey: api.anonKey, "content-type": "application/json", ...auth }, body: JSON.stringify(args) });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };
  const sql = async <T>(query: string): Promise<T> => JSON.parse(await psql(api.dbUrl, ["--tuples-only", "--no-align"], query)) as T;

  beforeAll(async () => {
    const built = await surveyAndMigrations();
    config = built.config;
    stack = await startDataApiOn(backend, built.migrationsDir);
    api = stack.api;
    const service = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    const members = await fetch(`${api.restUrl}/team_members`, { method: "POST", headers: service, body: JSON.stringify(Object.values(TEAM)) });
    expect(members.status).toBe(201);
    // Four finished, five unfinished (each a step or two in), each with its own secret, saved as the survey page saves them.
    const rows = [
      ...Array.from({ length: 4 }, () => ({ ...validRow(config), finished: true, question_ms: { pais: 900 } })),
      ...Array.from({ length: 5 }, (_, i) => ({ nome_completo: `Parcial ${i}`, ...(i % 2 === 0 && { pais: "Bolivia" }), last_step: "pais", question_ms: { nome_completo: 100 * (i + 1) } })),
    ];
    for (const row of rows) {
      const saved = await rpc("anon", partialFunctionName(config.table, "save"), { response: { definition_version: definitionVersion(config), ...row, id: randomUUID() }, secret: randomUUID().replaceAll("-", "") });
      expect(saved.status, JSON.stringify(saved.body)).toBe(204);
    }
    // One finished and one unfinished row received before SINCE.
    await psql(api.dbUrl, [], `update public.${config.table} set created_at = '2025-12-01T00:00:00Z'
      where id in (select id from public.${config.table} where finished order by id limit 1) or id in (select id from public.${config.table} where not finished order by id limit 1);`);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  test("the finished and unfinished rows are counted apart under the site's filters, equal to a plain SQL recount", async () => {
    for (const filters of [{}, { from: SINCE }]) {
      const where = "from" in filters ? `created_at >= '${SINCE}T00:00:00Z'` : "true";
      const expected = await sql<{ finished: number; unfinished: number }>(`select json_build_object('finished', count(*) filter (where finished), 'unfinished', count(*) filter (where not finished)) from public.${config.table} where ${where}`);
      const { status, body } = await rpc("viewer", "results_partial_numbers", { survey: config.id, filters });
      expect(status).toBe(200);
      expect(body).toMatchObject(expected);
      for (const finished of [true, false]) {
        // An analyst: a viewer's view of fewer than minimumGroup responses has no numbers per question.
        const { status: numbersStatus, body: numbers } = await rpc("analyst", "results_numbers", { survey: config.id, filters: { ...filters, finished } });
        expect(numbersStatus, JSON.stringify(numbers)).toBe(200);
        const shown = reportNumbersOf(config, numbers as SqlNumbers);
        expect(shown.responses, `${where}, finished = ${finished}`).toBe(finished ? expected.finished : expected.unfinished);
        // Each question's numbers are of those rows alone: the unfinished rows' answers apart.
        const pais = shown.questions.find((question) => question.id === "pais")!;
        const bolivia = pais.kind === "choice" ? pais.options.find((option) => option.value === "Bolivia")!.count : -1;
        expect(bolivia).toBe(await sql<number>(`select count(*) from public.${config.table} where ${where} and finished = ${finished} and pais = 'Bolivia'`));
      }
    }
    // A viewer's view of fewer rows than minimumGroup (5): three finished since SINCE. No count, no median time per question.
    for (const name of ["results_numbers", "results_partial_numbers"]) {
      const { status, body } = await rpc("viewer", name, { survey: config.id, filters: { from: SINCE, finished: true } });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body, name).toMatchObject({ belowMinimumGroup: 5 });
      expect(Object.keys(body as object).filter((key) => !["belowMinimumGroup", "updatedAt", "role", "personal"].includes(key)), name).toEqual([]);
    }
    expect((await rpc("viewer", "results_numbers", { survey: config.id, filters: { finished: "yes" } })).status).toBe(400);
    expect((await rpc("anon", "results_partial_numbers", { survey: config.id })).status).toBe(401);
  });

  test("an owner reads each channel's state, equal to the outbox's view; an analyst and a viewer are refused", async () => {
    const { status, body } = await rpc("owner", "results_channel_state", { survey: config.id });
    expect(status).toBe(200);
    const view = await sql<{ name: string; kind: string; pending: number; sent: number; dead: number; state: string }[]>(`select json_agg(json_build_object('name', name, 'kind', kind, 'pending', pending, 'sent', sent, 'dead', dead, 'state', state) order by name)
      from outbox.channel_state where survey_id = '${config.id}'`);
    // The webhook and the owner's alert; each finished response queued the webhook's event (an unfinished one is
    // notified by the save that finishes it), and nothing delivered them (no worker runs here).
    expect(view.map(({ name, kind }) => `${name}:${kind}`)).toEqual(["crm:webhook", "owner:alert"]);
    expect(view[0]!.pending).toBe(await sql<number>(`select count(*) from public.${config.table} where finished`));
    expect(body).toEqual(view.map((channel) => expect.objectContaining({ ...channel, active: true, failuresInRow: 0, lastDelivery: null, lastFailures: [] })));
    for (const who of ["viewer", "analyst"] as const) expect((await rpc(who, "results_channel_state", { survey: config.id })).status, who).toBe(403);
    expect((await rpc("anon", "results_channel_state", { survey: config.id })).status).toBe(401);
  });
});
