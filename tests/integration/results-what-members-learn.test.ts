// What a viewer and a member without the personal-data grant may learn is
// decided by the database whatever the request's shape, through PostgREST on
// PGlite and on PostgreSQL 15, on a test survey whose personal question is a
// CHOICE (religião: each option's count would be personal data) and whose
// minimumGroup is 3: a personal question keeps only its n and says it is
// restricted; a filter takes whole days in the survey's zone and nothing
// narrower; a viewer's view of fewer than minimumGroup responses says only
// that: no count of responses, days, visits or answers; and each refusal of
// the team's functions names its key, which the site says in Portuguese.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { RESULTS_REFUSALS, type ResultsRefusal } from "../../src/core/results-refusals.ts";
import { refusalText } from "../../src/results/refusal-text.ts";
import { ptBR } from "../../src/results/words/pt-br.ts";
import { API_BACKENDS, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";
import { THEMES_REFUSAL_CASES } from "../support/themes-refusals.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/personal-choice");
const config = JSON.parse(readFileSync(join(DIR, "personal-choice.json"), "utf8")) as SurveyConfig;
const TEAM = [
  { email: "viewer@equipe.test", role: "viewer", personal: false },
  { email: "analyst@equipe.test", role: "analyst", personal: false },
  { email: "personal@equipe.test", role: "analyst", personal: true },
  { email: "owner@equipe.test", role: "owner", personal: false },
  { email: "limited@equipe.test", role: "viewer", personal: false },
];
const SEGMENT = "00000000-0000-4000-8000-000000000055";
// 01:00 UTC on the 3rd is 22:00 on the 2nd in São Paulo: the survey's day is the 2nd.
const ROWS = [
  { religiao: "Católica", pais: "Argentina", created_at: "2026-03-02T12:00:00Z" },
  { religiao: "Católica", pais: "Argentina", created_at: "2026-03-02T15:00:00Z" },
  { religiao: "Evangélica", pais: "Argentina", created_at: "2026-03-03T01:00:00Z" },
  { religiao: "Ninguna", pais: "Cuba", created_at: "2026-03-04T12:00:00Z" },
];
const SEPARATOR = "\u001f";

type Numbers = { responses: { responses: number; first: string | null; last: string | null; questions: Record<string, object>; counts: Record<string, number> }; restricted?: string[]; belowMinimumGroup?: number };

describe.each(API_BACKENDS)("what members learn of the personal-choice survey on %s", { timeout: 300_000 }, (backend) => {
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

  const call = async (who: string, name: string, args: object) => {
    const response = await fetch(`${stack.api.restUrl}/rpc/${name}`, {
      method: "POST",
      headers: { apikey: stack.api.anonKey, authorization: `Bearer ${localAccessToken(who)}`, "content-type": "application/json" },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text || "null") as Numbers };
  };
  const numbers = (who: string, filters: object = {}) => call(who, "results_numbers", { survey: config.id, filters });
  const countsOf = (n: Numbers, question: string) => Object.entries(n.responses.counts).filter(([key]) => key.startsWith(question + SEPARATOR));

  test("a personal choice question: its n and that it is restricted without the grant, its counts with it", async () => {
    for (const who of ["viewer@equipe.test", "analyst@equipe.test"]) {
      const { body, text } = await numbers(who);
      expect(body.responses.questions.religiao).toEqual({ n: 4 });
      expect(countsOf(body, "religiao")).toEqual([]);
      for (const option of ["Católica", "Evangélica", "Ninguna"]) expect(text).not.toContain(option);
      expect(body.restricted).toEqual(["religiao"]);
      // The other choice question is counted as ever.
      expect(Object.fromEntries(countsOf(body, "pais"))).toEqual({ [`pais${SEPARATOR}Argentina`]: 3, [`pais${SEPARATOR}Cuba`]: 1 });
    }
    const granted = (await numbers("personal@equipe.test")).body;
    expect(Object.fromEntries(countsOf(granted, "religiao"))).toEqual({ [`religiao${SEPARATOR}Católica`]: 2, [`religiao${SEPARATOR}Evangélica`]: 1, [`religiao${SEPARATOR}Ninguna`]: 1 });
    expect(granted.restricted).toBeUndefined();
  });

  test("filters take whole days in the survey's zone, and nothing narrower, whoever asks", async () => {
    const day = await numbers("viewer@equipe.test", { from: "2026-03-02", until: "2026-03-02" });
    expect(day.body.responses.responses).toBe(3);
    const edge = ROWS[0]!.created_at;
    for (const who of ["viewer@equipe.test", "analyst@equipe.test", "personal@equipe.test"]) {
      for (const filters of [{ from: edge, until: edge }, { from: "2026-03-02T12:00:00Z" }, { until: "2026-03-02 12:00:00.000001+00" }, { from: "2026-03-02T00:00" }]) {
        const refused = await numbers(who, filters);
        expect(refused.status, refused.text).toBe(400);
        expect(refused.text).toContain("whole days");
      }
    }
  });

  test("a viewer's view of fewer responses than minimumGroup: only that it is too small, not how many nor any count by day or question; analysts see it", async () => {
    // What a viewer is told of a view below the minimum: that, and who asks; no response, visit or day counted.
    const withheld = (body: object) => expect(Object.keys(body).sort()).toEqual(["belowMinimumGroup", "personal", "role", "updatedAt"]);
    const small = { answer: { question: "pais", value: "Cuba" } };
    const viewer = await numbers("viewer@equipe.test", small);
    expect(viewer.status, viewer.text).toBe(200);
    withheld(viewer.body);
    expect(viewer.body.belowMinimumGroup).toBe(3);
    for (const leak of ["~day", "2026-03-04", "Cuba", "Ninguna"]) expect(viewer.text).not.toContain(leak);
    // A day with one response, and a day with none, the same: an empty view is not told from a small one.
    for (const day of ["2026-03-04", "2026-03-10"]) withheld((await numbers("viewer@equipe.test", { from: day, until: day })).body);
    // At the minimum the numbers are there.
    const three = (await numbers("viewer@equipe.test", { answer: { question: "pais", value: "Argentina" } })).body;
    expect(three.belowMinimumGroup).toBeUndefined();
    expect(three.responses.questions.pais).toMatchObject({ n: 3 });
    const analyst = (await numbers("analyst@equipe.test", small)).body;
    expect(analyst.belowMinimumGroup).toBeUndefined();
    expect(analyst.responses.responses).toBe(1);
    expect(Object.fromEntries(countsOf(analyst, "pais"))).toEqual({ [`pais${SEPARATOR}Cuba`]: 1 });
  });
  test("every refusal of the team's functions reaches the site with its key, and the site says it in Portuguese", async () => {
    // A segment of everyone, to which an owner limits one viewer (segments-sql.ts).
    expect((await call("analyst@equipe.test", "results_save_segment", { survey: config.id, segment_name: "Todos", segment_id: SEGMENT })).status).toBe(200);
    expect((await call("owner@equipe.test", "results_limit_member", { member_email: "limited@equipe.test", segment_id: SEGMENT })).status).toBe(204);
    const cases: [ResultsRefusal, string, string, object][] = [
      ["notMember", "stranger@example.org", "results_numbers", { survey: config.id }],
      ["roleTooLow", "viewer@equipe.test", "results_responses", { survey: config.id }],
      ["unknownSurvey", "viewer@equipe.test", "results_numbers", { survey: "no-such-survey" }],
      ["notADay", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { from: "2026-03-02T12:00" } }],
      ["notADate", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { from: "2026-02-30" } }],
      ["unknownFilter", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { country: "Cuba" } }],
      ["unknownHiddenField", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { hidden: { utm_source: "x" } } }],
      ["oneLanguage", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { language: "pt-BR" } }],
      ["noEndings", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { ending: "fim" } }],
      ["finishedFilter", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { finished: true } }],
      ["personalFilter", "analyst@equipe.test", "results_numbers", { survey: config.id, filters: { answer: { question: "religiao", value: "Católica" } } }],
      ["answerFilter", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { answer: { question: "nota", value: "4" } } }],
      ["flaggedFilter", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { flagged: "exclude" } }],
      ["unknownVersion", "viewer@equipe.test", "results_numbers", { survey: config.id, filters: { version: "ffffffffffffffff" } }],
      ["noPartialResponses", "viewer@equipe.test", "results_partial_numbers", { survey: config.id }],
      ["onlyOwners", "analyst@equipe.test", "results_members", {}],
      ["selfGrant", "owner@equipe.test", "results_set_member", { member_email: "owner@equipe.test", member_role: "owner", member_personal: true }],
      ["lastOwner", "owner@equipe.test", "results_remove_member", { member_email: "owner@equipe.test" }],
      ["unknownAxis", "viewer@equipe.test", "results_crosstab", { survey: config.id, row_axis: "no-such-axis", column_axis: "pais", filters: {} }],
      ["personalAxis", "analyst@equipe.test", "results_crosstab", { survey: config.id, row_axis: "religiao", column_axis: "pais", filters: {} }],
      ["segmentLimited", "limited@equipe.test", "results_save_segment", { survey: config.id, segment_name: "Meu" }],
      ["segmentNotYours", "viewer@equipe.test", "results_save_segment", { survey: config.id, segment_name: "Meu", segment_id: SEGMENT, expected_version: 1 }],
      ["unknownSegment", "viewer@equipe.test", "results_segment_columns", { survey: config.id, segment_ids: ["00000000-0000-4000-8000-000000000099"] }],
      ["segmentChanged", "owner@equipe.test", "results_save_segment", { survey: config.id, segment_name: "Todos", segment_id: SEGMENT, expected_version: 7 }],
      ["tooManySegments", "viewer@equipe.test", "results_segment_columns", { survey: config.id, segment_ids: [] }],
      ["segmentInUse", "owner@equipe.test", "results_delete_segment", { segment_id: SEGMENT }],
      ["viewerOnlyLimit", "owner@equipe.test", "results_limit_member", { member_email: "analyst@equipe.test", segment_id: SEGMENT }],
    ];
    // The themes' refusals need a survey with free texts: results-themes.test.ts sends their cases.
    expect([...cases, ...THEMES_REFUSAL_CASES].map(([refusal]) => refusal).sort()).toEqual(Object.keys(RESULTS_REFUSALS).sort());
    for (const [refusal, who, name, args] of cases) {
      const { status, text } = await call(who, name, args);
      const answer = JSON.parse(text) as { code: string; details: string | null; message: string };
      expect([refusal, status, answer.code, answer.details]).toEqual([refusal, RESULTS_REFUSALS[refusal] === "42501" ? 403 : 400, RESULTS_REFUSALS[refusal], `results/${refusal}`]);
      expect(refusalText(ptBR, answer), refusal).toBe(ptBR.refusals.known[refusal]);
    }
  });
});
