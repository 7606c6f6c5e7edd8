// What a viewer and a member without the personal-data grant may learn is
// decided by the database whatever the request's shape, through PostgREST on
// PGlite and on PostgreSQL 15, on a test survey whose personal question is a
// CHOICE (religião: each option's count would be personal data) and whose
// minimumGroup is 3: a personal question keeps only its n and says it is
// restricted; a filter takes whole days in the survey's zone and nothing
// narrower; a viewer's view of fewer than minimumGroup responses has no
// number per question (nor first and last times).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { validRow } from "../../scripts/lib/sample-response.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { API_BACKENDS, startFixtureApi, type FixtureApi } from "../support/fixture-api.ts";

const DIR = join(import.meta.dirname, "../fixtures/surveys/personal-choice");
const config = JSON.parse(readFileSync(join(DIR, "personal-choice.json"), "utf8")) as SurveyConfig;
const TEAM = [
  { email: "viewer@equipe.test", role: "viewer", personal: false },
  { email: "analyst@equipe.test", role: "analyst", personal: false },
  { email: "personal@equipe.test", role: "analyst", personal: true },
];
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

  const numbers = async (who: string, filters: object = {}) => {
    const response = await fetch(`${stack.api.restUrl}/rpc/results_numbers`, {
      method: "POST",
      headers: { apikey: stack.api.anonKey, authorization: `Bearer ${localAccessToken(who)}`, "content-type": "application/json" },
      body: JSON.stringify({ survey: config.id, filters }),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as Numbers };
  };
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

  test("a viewer's view of fewer responses than minimumGroup: how many, and no number per question; analysts see it", async () => {
    const small = { answer: { question: "pais", value: "Cuba" } };
    const viewer = (await numbers("viewer@equipe.test", small)).body;
    expect(viewer.responses.responses).toBe(1);
    expect(viewer.belowMinimumGroup).toBe(3);
    expect(viewer.responses.questions).toEqual({});
    expect(Object.keys(viewer.responses.counts).filter((key) => !key.startsWith("~"))).toEqual([]);
    expect([viewer.responses.first, viewer.responses.last]).toEqual([null, null]);
    // A day with one response, the same.
    const oneDay = (await numbers("viewer@equipe.test", { from: "2026-03-04", until: "2026-03-04" })).body;
    expect([oneDay.responses.responses, oneDay.belowMinimumGroup, oneDay.responses.questions]).toEqual([1, 3, {}]);
    // At the minimum the numbers are there.
    const three = (await numbers("viewer@equipe.test", { answer: { question: "pais", value: "Argentina" } })).body;
    expect(three.belowMinimumGroup).toBeUndefined();
    expect(three.responses.questions.pais).toMatchObject({ n: 3 });
    const analyst = (await numbers("analyst@equipe.test", small)).body;
    expect(analyst.belowMinimumGroup).toBeUndefined();
    expect(Object.fromEntries(countsOf(analyst, "pais"))).toEqual({ [`pais${SEPARATOR}Cuba`]: 1 });
  });
});
