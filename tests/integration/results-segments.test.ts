// Segments through PostgREST with tokens as Supabase Auth mints them, on
// PGlite and on PostgreSQL 15, on the personal-choice survey (religiao is
// personal, minimumGroup 3): a member saves a segment and the team reads it
// with its live count; only its maker or an owner changes it, whatever the
// door (the site's functions, PATCH and DELETE on the table, a forged
// maker); a personal question is no condition without the grant; a viewer
// an owner limits to one segment reads nothing outside it by any request,
// and the limit is in the team's log; two members saving one segment at the
// same moment: one wins, the other is told it changed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { API_BACKENDS, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/personal-choice");
const config = JSON.parse(readFileSync(join(DIR, "personal-choice.json"), "utf8")) as SurveyConfig;
const VIEWER = "viewer@equipe.test";
const LIMITED = "limited@equipe.test";
const ANALYST = "analyst@equipe.test";
const OTHER = "other@equipe.test";
const PERSONAL = "personal@equipe.test";
const OWNER = "owner@equipe.test";
const TEAM = [
  { email: VIEWER, role: "viewer", personal: false },
  { email: LIMITED, role: "viewer", personal: false },
  { email: ANALYST, role: "analyst", personal: false },
  { email: OTHER, role: "analyst", personal: false },
  { email: PERSONAL, role: "analyst", personal: true },
  { email: OWNER, role: "owner", personal: false },
];
const COUNTRIES = ["Argentina", "Argentina", "Argentina", "Bolivia", "Bolivia", "Argentina", "Bolivia", "Argentina"];
// 27 rows: Argentina 16, Bolivia 10, Cuba 1 (the small group); religions and notes in a cycle; one day each.
const ROWS = Array.from({ length: 24 }, (_, i) => ({
  pais: COUNTRIES[i % COUNTRIES.length]!,
  religiao: ["Católica", "Evangélica", "Ninguna"][i % 3]!,
  nota: 1 + (i % 5),
  created_at: new Date(Date.UTC(2026, 2, 1 + i, 15)).toISOString(),
})).concat([
  { pais: "Argentina", religiao: "Católica", nota: 5, created_at: "2026-03-28T15:00:00Z" },
  { pais: "Bolivia", religiao: "Ninguna", nota: 4, created_at: "2026-03-29T15:00:00Z" },
  { pais: "Cuba", religiao: "Católica", nota: 2, created_at: "2026-03-30T15:00:00Z" },
]);
const ARGENTINA = ROWS.filter((row) => row.pais === "Argentina").length;

type Answer = { status: number; text: string; body: any };

describe.each(API_BACKENDS)("segments on %s", { timeout: 300_000 }, (backend) => {
  let stack: FixtureApi;
  beforeAll(async () => {
    stack = await startFixtureApi(DIR, backend);
    const service = { apikey: stack.api.serviceRoleKey, authorization: `Bearer ${stack.api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    for (const [path, body] of [["team_members", TEAM], [config.table, ROWS.map((row) => ({ ...validRow(config), ...row }))]] as const) {
      const response = await fetch(`${stack.api.restUrl}/${path}`, { method: "POST", headers: service, body: JSON.stringify(body) });
      expect(response.status, await response.text()).toBe(201);
    }
  }, 300_000);
  afterAll(() => stack?.stop());

  const request = async (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${stack.api.restUrl}/${path}`, {
      method,
      headers: { apikey: stack.api.anonKey, authorization: `Bearer ${localAccessToken(who)}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text || "null") };
  };
  const call = (who: string, name: string, args: object) => request(who, "POST", `rpc/${name}`, args);
  const save = (who: string, name: string, filters: object, id?: string, version?: number) =>
    call(who, "results_save_segment", { survey: config.id, segment_name: name, segment_filters: filters, ...(id && { segment_id: id }), ...(version !== undefined && { expected_version: version }) });
  const refused = (answer: Answer, key: string, status: number) => expect([answer.status, answer.body?.details], answer.text).toEqual([status, `results/${key}`]);
  const argentina = { answer: { question: "pais", value: "Argentina" } };

  let shared: { id: string; version: number };

  test("a member saves a segment, the team reads it, and its live count is the database's (withheld from a viewer under the minimum group)", async () => {
    const saved = await save(ANALYST, "  Argentina  ", argentina);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ name: "Argentina", made_by: ANALYST, version: 1, filters: argentina });
    shared = { id: saved.body.id, version: 1 };
    for (const who of [VIEWER, OTHER, OWNER]) {
      const list = await call(who, "results_segments", { survey: config.id });
      expect(list.body.map((s: { id: string; madeBy: string }) => [s.id, s.madeBy]), who).toEqual([[shared.id, ANALYST]]);
    }
    for (const who of [VIEWER, ANALYST]) expect((await call(who, "results_segment_count", { survey: config.id, filters: argentina })).body).toMatchObject({ count: ARGENTINA });
    const cuba = { answer: { question: "pais", value: "Cuba" } };
    const small = await call(VIEWER, "results_segment_count", { survey: config.id, filters: cuba });
    expect(Object.keys(small.body).sort()).toEqual(["belowMinimumGroup", "personal", "role", "updatedAt"]);
    expect((await call(ANALYST, "results_segment_count", { survey: config.id, filters: cuba })).body.count).toBe(1);
  });

  test("only its maker or an owner changes or deletes a segment, through the functions or the table, and nobody forges its maker", async () => {
    refused(await save(OTHER, "mine now", {}, shared.id, shared.version), "segmentNotYours", 403);
    refused(await save(VIEWER, "mine now", {}, shared.id, shared.version), "segmentNotYours", 403);
    refused(await call(OTHER, "results_delete_segment", { segment_id: shared.id }), "segmentNotYours", 403);
    // The table's own doors: a PATCH or DELETE of another's segment changes nothing; an insert is the caller's whatever it says.
    await request(OTHER, "PATCH", `team_segments?id=eq.${shared.id}`, { name: "patched", made_by: OTHER, survey_id: "x" }, { prefer: "return=minimal" });
    await request(OTHER, "DELETE", `team_segments?id=eq.${shared.id}`, undefined, { prefer: "return=minimal" });
    const forged = await request(OTHER, "POST", "team_segments", { survey_id: config.id, name: "forged", filters: {}, made_by: ANALYST, version: 99 }, { prefer: "return=representation" });
    expect(forged.status, forged.text).toBe(201);
    expect(forged.body[0]).toMatchObject({ made_by: OTHER, version: 1 });
    const list = (await call(OWNER, "results_segments", { survey: config.id })).body as { id: string; name: string; madeBy: string; version: number }[];
    expect(list.map(({ name, madeBy, version }) => [name, madeBy, version])).toEqual([["Argentina", ANALYST, 1], ["forged", OTHER, 1]]);
    // The owner may: a change counts the version up.
    const changed = await save(OWNER, "Argentina", argentina, shared.id, 1);
    expect([changed.status, changed.body.version, changed.body.made_by]).toEqual([200, 2, ANALYST]);
    shared.version = 2;
    refused(await save(ANALYST, "stale", argentina, shared.id, 1), "segmentChanged", 400);
    expect((await call(OWNER, "results_delete_segment", { segment_id: forged.body[0].id })).status).toBe(204);
  });

  test("a member without the personal-data grant builds no segment on a personal question, nor uses one", async () => {
    const religion = { answer: { question: "religiao", value: "Católica" } };
    refused(await save(ANALYST, "Católicos", religion), "personalFilter", 403);
    refused(await save(OWNER, "Católicos", religion), "personalFilter", 403);
    const direct = await request(ANALYST, "POST", "team_segments", { survey_id: config.id, name: "Católicos", filters: religion });
    refused(direct, "personalFilter", 403);
    refused(await save(ANALYST, "changed to personal", religion, shared.id, shared.version), "personalFilter", 403);
    const granted = await save(PERSONAL, "Católicos", religion);
    expect(granted.status, granted.text).toBe(200);
    // Made by a member with the grant, still no condition for one without it: not side by side, not a viewer's limit.
    refused(await call(ANALYST, "results_segment_columns", { survey: config.id, segment_ids: [granted.body.id] }), "personalFilter", 403);
    refused(await call(OWNER, "results_limit_member", { member_email: LIMITED, segment_id: granted.body.id }), "personalFilter", 403);
    const columns = await call(PERSONAL, "results_segment_columns", { survey: config.id, segment_ids: [granted.body.id] });
    expect(columns.status, columns.text).toBe(200);
    expect(Object.keys(columns.body.questions).sort()).toEqual(["nota", "pais", "religiao"]);
    expect(Object.keys((await call(ANALYST, "results_segment_columns", { survey: config.id, segment_ids: [shared.id] })).body.questions).sort()).toEqual(["nota", "pais"]);
    expect((await call(PERSONAL, "results_delete_segment", { segment_id: granted.body.id })).status).toBe(204);
  });

  test("segments side by side: the sizes, the overlap, each question per segment, and a viewer's small cells left out", async () => {
    const all = await save(ANALYST, "Todos", {});
    const analyst = (await call(ANALYST, "results_segment_columns", { survey: config.id, segment_ids: [shared.id, all.body.id] })).body;
    expect(analyst.sizes).toEqual({ [shared.id]: ARGENTINA, [all.body.id]: ROWS.length });
    expect([analyst.total, analyst.overlap]).toEqual([ROWS.length, true]);
    expect(analyst.questions.pais.columnBases).toEqual({ [shared.id]: ARGENTINA, [all.body.id]: ROWS.length });
    expect(analyst.questions.pais.cells).toContainEqual(["Cuba", all.body.id, 1]);
    expect(analyst.segments).toEqual([{ id: shared.id, name: "Argentina" }, { id: all.body.id, name: "Todos" }]);
    const viewer = (await call(VIEWER, "results_segment_columns", { survey: config.id, segment_ids: [shared.id, all.body.id] })).body;
    expect(viewer.hidden).toBe(3);
    expect(viewer.questions.pais.cells).toEqual(analyst.questions.pais.cells.filter(([, , n]: [string, string, number]) => n >= 3));
    expect(viewer.questions.pais.rowBases.Cuba).toBeUndefined();
    refused(await call(ANALYST, "results_segment_columns", { survey: config.id, segment_ids: [shared.id, all.body.id, shared.id] }), "tooManySegments", 400);
    const five = await Promise.all(["a", "b", "c", "d"].map((name) => save(ANALYST, name, {})));
    refused(await call(ANALYST, "results_segment_columns", { survey: config.id, segment_ids: [shared.id, ...five.map((s) => s.body.id)] }), "tooManySegments", 400);
    for (const s of [all, ...five]) expect((await call(ANALYST, "results_delete_segment", { segment_id: s.body.id })).status).toBe(204);
  });

  test("a viewer an owner limits to a segment reads nothing outside it by any request; the limit is in the team's log", async () => {
    refused(await call(ANALYST, "results_limit_member", { member_email: LIMITED, segment_id: shared.id }), "onlyOwners", 403);
    refused(await call(OWNER, "results_limit_member", { member_email: ANALYST, segment_id: shared.id }), "viewerOnlyLimit", 400);
    expect((await call(OWNER, "results_limit_member", { member_email: LIMITED, segment_id: shared.id })).status).toBe(204);
    const log = (await call(OWNER, "results_member_log", {})).body as { member: string; actor: string; segment_before: string | null; segment_after: string | null }[];
    expect(log[0]).toMatchObject({ member: LIMITED, actor: OWNER, segment_before: null, segment_after: shared.id });

    expect((await call(LIMITED, "results_me", {})).body).toMatchObject({ role: "viewer", segment: shared.id, surveys: [{ id: config.id }] });
    const numbers = (filters: object) => call(LIMITED, "results_numbers", { survey: config.id, filters });
    expect((await numbers({})).body.responses.responses).toBe(ARGENTINA);
    // Another country, a range, a segment of everyone: never a row outside Argentina.
    for (const filters of [{ answer: { question: "pais", value: "Bolivia" } }, { answer: { question: "pais", value: "Cuba" } }]) {
      expect(Object.keys((await numbers(filters)).body).sort()).toEqual(["belowMinimumGroup", "personal", "role", "updatedAt"]);
    }
    expect((await numbers({ from: "2026-03-01", until: "2026-03-31" })).body.responses.responses).toBe(ARGENTINA);
    const crosstab = (await call(LIMITED, "results_crosstab", { survey: config.id, row_axis: "pais", column_axis: "nota", filters: {} })).body;
    expect(Object.keys(crosstab.rowBases)).toEqual(["Argentina"]);
    expect(crosstab.total).toBe(ARGENTINA);
    expect((await call(LIMITED, "results_segment_count", { survey: config.id, filters: {} })).body.count).toBe(ARGENTINA);
    expect((await call(LIMITED, "results_segment_count", { survey: config.id, filters: { answer: { question: "pais", value: "Bolivia" } } })).body.count).toBeUndefined();
    // Only its own segment is listed, read or put side by side; it makes none.
    const everyone = await save(ANALYST, "Todos", {});
    expect((await call(LIMITED, "results_segments", { survey: config.id })).body.map((s: { id: string }) => s.id)).toEqual([shared.id]);
    expect((await request(LIMITED, "GET", "team_segments?select=id")).body).toEqual([{ id: shared.id }]);
    refused(await call(LIMITED, "results_segment_columns", { survey: config.id, segment_ids: [everyone.body.id] }), "unknownSegment", 400);
    const own = (await call(LIMITED, "results_segment_columns", { survey: config.id, segment_ids: [shared.id] })).body;
    expect(own.total).toBe(ARGENTINA);
    refused(await save(LIMITED, "mine", {}), "segmentLimited", 403);
    refused(await call(LIMITED, "results_numbers", { survey: "foreign-form" }), "unknownSurvey", 400);
    // The segment stays as it was while it limits someone: its maker may no longer change it, nobody deletes it, the viewer stays a viewer.
    refused(await save(ANALYST, "Everyone", {}, shared.id, shared.version), "segmentNotYours", 403);
    refused(await call(OWNER, "results_delete_segment", { segment_id: shared.id }), "segmentInUse", 400);
    refused(await call(OWNER, "results_set_member", { member_email: LIMITED, member_role: "analyst" }), "viewerOnlyLimit", 400);
    // Lifted: everything again, and logged.
    expect((await call(OWNER, "results_limit_member", { member_email: LIMITED, segment_id: null })).status).toBe(204);
    expect((await numbers({})).body.responses.responses).toBe(ROWS.length);
    expect(((await call(OWNER, "results_member_log", {})).body as { segment_before: string | null }[])[0]!.segment_before).toBe(shared.id);
    expect((await call(ANALYST, "results_delete_segment", { segment_id: everyone.body.id })).status).toBe(204);
  });

  test("two members saving one segment at the same moment: one wins, the other is told it changed, every time", async () => {
    let version = shared.version;
    for (let pair = 0; pair < 20; pair++) {
      const answers = await Promise.all([save(ANALYST, `A ${pair}`, argentina, shared.id, version), save(OWNER, `O ${pair}`, argentina, shared.id, version)]);
      const won = answers.filter((answer) => answer.status === 200);
      expect(won, answers.map((a) => a.text).join(" | ")).toHaveLength(1);
      refused(answers.find((answer) => answer.status !== 200)!, "segmentChanged", 400);
      expect(won[0]!.body.version).toBe(version + 1);
      version++;
    }
    const [segment] = (await call(VIEWER, "results_segments", { survey: config.id })).body as { version: number }[];
    expect(segment!.version).toBe(version);
  });
});
