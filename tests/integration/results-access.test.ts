// Who may read and change what, through PostgREST as the results site and
// anyone holding the public key reach it, with tokens as Supabase Auth mints
// them: every principal × every table (each survey table, visit events, the
// tallies, the team's tables) × select, insert, update, delete, and every
// results function × rpc, on PGlite and on PostgreSQL 15. Then the probes
// that would make a personal answer leave the database without the grant.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { readNumbers } from "../../scripts/report/read-numbers.ts";
import { numbersRequest } from "../../src/report/sql-numbers.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { shippedSurvey } from "../support/survey-rows.ts";
import { NAMES, startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { ACCESS_MATRIX, PRINCIPALS, type Principal } from "./results-access-matrix.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const OTHER_SECRET = "another-secret-that-is-at-least-32-characters-long";

describe.each(API_BACKENDS)("results access on %s", { timeout: 300_000 }, (backend) => {
  let results: ResultsApi;
  let headers: Record<Principal, Record<string, string>>;

  beforeAll(async () => {
    results = await startResultsApi(backend);
    const { anonKey } = results.api;
    const bearer = (token: string) => ({ apikey: anonKey, authorization: `Bearer ${token}` });
    headers = {
      anon: { apikey: anonKey },
      stranger: bearer(localAccessToken("stranger@elsewhere.test")),
      viewer: bearer(localAccessToken(TEAM.viewer.email)),
      analyst: bearer(localAccessToken(TEAM.analyst.email)),
      personal: bearer(localAccessToken(TEAM.personal.email, { aal: "aal2" })),
      personalAal1: bearer(localAccessToken(TEAM.personal.email, { aal: "aal1" })),
      owner: bearer(localAccessToken(TEAM.owner.email)),
      expired: bearer(localAccessToken(TEAM.owner.email, { expiresIn: -60 })),
      otherSecret: bearer(localAccessToken(TEAM.owner.email, { secret: OTHER_SECRET })),
    };
  }, 300_000);
  afterAll(() => results?.stop());

  const call = async (who: Principal, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${results.api.restUrl}${path}`, {
      method,
      headers: { ...headers[who], "content-type": "application/json", ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  const serviceCount = async (path: string, profile?: string) => {
    const key = results.api.serviceRoleKey;
    const response = await fetch(`${results.api.restUrl}${path}`, { headers: { apikey: key, authorization: `Bearer ${key}`, ...(profile && { "accept-profile": profile }) } });
    return ((await response.json()) as unknown[]).length;
  };

  test("every cell of the matrix is as designed, and no write got through", async () => {
    const before = { medical: await serviceCount("/medical_form_responses"), tallies: await serviceCount("/tallies", "report"), events: await serviceCount("/visit_events") };
    const actual: string[] = [];
    const expected: string[] = [];
    for (const cell of ACCESS_MATRIX) {
      for (const who of PRINCIPALS) {
        const { status, text } = await call(who, cell.method, cell.path, cell.body, cell.headers);
        actual.push(`${cell.name} ${who}: ${cell.outcome(status, text)}`);
        expected.push(`${cell.name} ${who}: ${cell.expect[who]}`);
      }
    }
    expect(actual).toEqual(expected);
    // Nothing changed but the two rows the matrix's writes may add: the owner's new member, and the responses anon and members may send.
    expect(await serviceCount("/tallies", "report")).toBeGreaterThanOrEqual(before.tallies);
    expect(await serviceCount("/visit_events")).toBe(before.events);
    expect(await serviceCount("/medical_form_responses")).toBe(before.medical);
    const roles = (await (await fetch(`${results.api.restUrl}/team_members?order=email`, { headers: { apikey: results.api.serviceRoleKey, authorization: `Bearer ${results.api.serviceRoleKey}` } })).json()) as { email: string; role: string; personal: boolean }[];
    expect(roles).toEqual(expect.arrayContaining(Object.values(TEAM).map((member) => expect.objectContaining(member))));
    expect(roles.map(({ email }) => email).sort()).toEqual([...Object.values(TEAM).map(({ email }) => email), "added@equipe.test"].sort());
  });

  const withoutGrant: Principal[] = ["anon", "stranger", "viewer", "analyst", "owner", "expired", "otherSecret"];
  const rpc = (who: Principal, name: string, args: object, extra: Record<string, string> = {}, query = "") => call(who, "POST", `/rpc/${name}${query}`, args, extra);
  const noName = (text: string) => NAMES.filter((name) => text.includes(name));

  test.each(withoutGrant)("%s: no request returns a personal answer, and a filter on one tells nothing", async (who) => {
    const probes = [
      call(who, "GET", "/medical_form_responses?select=*"),
      call(who, "GET", "/medical_form_responses?select=nome_completo"),
      call(who, "GET", "/medical_form_responses?nome_completo=like.A*&select=id"),
      call(who, "GET", "/medical_form_responses?select=id&order=nome_completo"),
      call(who, "GET", "/medical_form_responses?select=*", undefined, { accept: "text/csv" }),
      call(who, "GET", "/team_members?select=*,medical_form_responses(*)"),
      rpc(who, "results_responses", { survey: "medical-form" }),
      rpc(who, "results_responses", { survey: "medical-form" }, { accept: "text/csv" }),
      rpc(who, "results_responses", { survey: "medical-form" }, {}, "?select=nome_completo"),
      rpc(who, "results_numbers", { survey: "medical-form" }),
      rpc(who, "results_response", { survey: "medical-form", response_id: "00000000-0000-4000-8000-000000000000" }),
    ];
    for (const { text } of await Promise.all(probes)) expect(noName(text)).toEqual([]);
    // The same answer to a filter that would match two rows and to one that would match none.
    const oracle = async (value: string) => {
      const results = await Promise.all([
        rpc(who, "results_responses", { survey: "medical-form", filters: { answer: { question: "nomeCompleto", value } } }),
        rpc(who, "results_numbers", { survey: "medical-form", filters: { answer: { question: "nomeCompleto", value } } }),
        rpc(who, "results_responses", { survey: "medical-form", filters: { hidden: { nome_completo: value } } }),
        rpc(who, "results_responses", { survey: "medical-form" }, {}, `?nome_completo=like.${value}*`),
        call(who, "GET", `/medical_form_responses?nome_completo=like.${value}*&select=id`),
      ]);
      return results.map(({ status, text }) => `${status} ${text.replace(/"updatedAt":"[^"]*"/g, "")}`);
    };
    expect(await oracle("A")).toEqual(await oracle("Z"));
    expect(await oracle("Ana Lima")).toEqual(await oracle("Nobody"));
  });

  test("crafted arguments name no column and no table: unknown fields, surveys and filter keys are refused", async () => {
    for (const filters of [{ nome_completo: "Ana Lima" }, { hidden: { nome_completo: "Ana Lima" } }, { answer: { question: "idade", value: "30" } }, { from: "2020-01-01", where: "true" }]) {
      const { status, text } = await rpc("analyst", "results_responses", { survey: "medical-form", filters });
      expect(status, text).toBe(400);
    }
    expect((await rpc("analyst", "results_responses", { survey: "public.medical_form_responses" })).status).toBe(400);
    expect((await rpc("analyst", "results_responses", { survey: "medical-form", filters: { answer: { question: "nomeCompleto", value: "Ana Lima" } } })).status).toBe(403);
  });

  test("with the grant the personal answers are there (and a second factor where the survey asks for one)", async () => {
    const medical = await rpc("personal", "results_responses", { survey: "medical-form" });
    expect(noName(medical.text).sort()).toEqual([...NAMES].sort());
    const foreignAal2 = await rpc("personal", "results_responses", { survey: "foreign-form" });
    expect(noName(foreignAal2.text).sort()).toEqual([...NAMES].sort());
    const foreignAal1 = await rpc("personalAal1", "results_responses", { survey: "foreign-form" });
    expect(foreignAal1.status).toBe(200);
    expect(noName(foreignAal1.text)).toEqual([]);
    expect(JSON.parse(foreignAal1.text)).toMatchObject({ personal: false, rows: expect.arrayContaining([expect.not.objectContaining({ nome_completo: expect.anything() })]) });
    // aal1 still sees medical-form's names: only foreign-form asks a second factor.
    expect(noName((await rpc("personalAal1", "results_responses", { survey: "medical-form" })).text).sort()).toEqual([...NAMES].sort());
    const filtered = await rpc("personal", "results_numbers", { survey: "medical-form", filters: { answer: { question: "genero", value: "Mujer" } } });
    expect(filtered.status, filtered.text).toBe(200);
  });

  test("the numbers are the report's: equal to npm run report's request through the service key, less what the role may not see", async () => {
    const config = shippedSurvey("medical-form");
    const report = await readNumbers({ url: results.api.url, serviceKey: results.api.serviceRoleKey }, numbersRequest(config, { where: {} }, reportZone(config).sql));
    const { updatedAt, role, personal, ...granted } = JSON.parse((await rpc("personal", "results_numbers", { survey: "medical-form" })).text);
    expect([typeof updatedAt, role, personal]).toEqual(["string", "analyst", true]);
    expect(granted).toEqual(report);
    // Without the grant: the personal question's n alone, and its texts left out.
    const analyst = JSON.parse((await rpc("analyst", "results_numbers", { survey: "medical-form" })).text);
    expect(analyst.responses.texts.nomeCompleto).toBeUndefined();
    expect(analyst.responses.questions.nomeCompleto).toEqual({ n: 3 });
    expect(analyst.restricted).toEqual(expect.arrayContaining(["nomeCompleto"]));
    expect({ ...analyst.responses, texts: report.responses.texts, questions: { ...analyst.responses.questions, nomeCompleto: report.responses.questions.nomeCompleto } }).toEqual(report.responses);
    // A viewer: three responses are fewer than the default minimumGroup (5), so only that, not even how many.
    const viewer = JSON.parse((await rpc("viewer", "results_numbers", { survey: "medical-form" })).text);
    expect([viewer.belowMinimumGroup, viewer.responses, viewer.visits]).toEqual([5, undefined, undefined]);
    // One answer of a choice question, as a bar of its chart: the responses with it, as the report counted them.
    const [key, n] = Object.entries(report.responses.counts).find(([k]) => k.startsWith("genero\u001f"))!;
    expect(n).toBeGreaterThan(0);
    const filtered = JSON.parse((await rpc("analyst", "results_numbers", { survey: "medical-form", filters: { answer: { question: "genero", value: key.split("\u001f")[1] } } })).text);
    expect(filtered.responses.responses).toBe(n);
  });
});
