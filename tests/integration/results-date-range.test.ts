// The results site's date range, version filter and export, through
// PostgREST with a token as Supabase Auth mints it, on PGlite and
// PostgreSQL 15: both ends of the range are whole days in the survey's time
// zone and drive the numbers, the list and the export alike; the export,
// read page by page with the site's own code, is exactly the list's rows as
// the report's CSV. A version of the definition, one the survey published,
// reads the rows of those who saw it; any other is refused.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { localAccessToken } from "../../scripts/team/local-session.ts";
import { csvPages, type Cursor, type RowsPage } from "../../src/results/export/csv-pages.ts";
import { reportZone } from "../../src/report/time-zone.ts";
import { shippedSurvey, validRow } from "../support/survey-rows.ts";
import { startResultsApi, TEAM, type ResultsApi } from "../support/results-api.ts";
import { API_BACKENDS } from "../support/fixture-api.ts";

const config = shippedSurvey("medical-form");

/** Noon UTC of each day: the same calendar day in every zone from UTC-11 to UTC+11. */
const DAYS = ["2026-03-01", "2026-03-02", "2026-03-02", "2026-03-03", "2026-03-05"];

/** A version published before the survey's current one (as a migration of an earlier edit would have). */
const EARLIER = "0123456789abcdef";
const EARLIER_SQL = `insert into report.definition_versions (survey_table, version, labels, published_at) values ('${config.table}', '${EARLIER}', '{}', '2026-01-15T12:00:00Z');`;

describe.each(API_BACKENDS)("the results' date range and version on %s", { timeout: 300_000 }, (backend) => {
  let results: ResultsApi;
  let headers: Record<string, string>;

  beforeAll(async () => {
    results = await startResultsApi(backend, [EARLIER_SQL]);
    const { api } = results;
    headers = { apikey: api.anonKey, authorization: `Bearer ${localAccessToken(TEAM.analyst.email)}`, "content-type": "application/json" };
    // Only the service key may set created_at: the survey's page never can.
    const service = { apikey: api.serviceRoleKey, authorization: `Bearer ${api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    const rows = DAYS.map((day, index) => ({ ...validRow(config), utm_campaign: `range-${index}`, created_at: `${day}T12:00:00Z` }));
    const inserted = await fetch(`${api.restUrl}/${config.table}`, { method: "POST", headers: service, body: JSON.stringify(rows) });
    expect(inserted.status, await inserted.text()).toBe(201);
  }, 300_000);
  afterAll(() => results?.stop());

  const rpc = async <T>(name: string, args: object): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${results.api.restUrl}/rpc/${name}`, { method: "POST", headers, body: JSON.stringify(args) });
    return { status: response.status, body: (await response.json()) as T };
  };
  const page = async (filters: object, after: Cursor | null, size: number) =>
    (await rpc<RowsPage>("results_responses", { survey: config.id, filters, after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: size })).body;

  test("from and until are whole days, both included, in the numbers and the list", async () => {
    const range = { from: "2026-03-02", until: "2026-03-03" };
    const numbers = await rpc<{ responses: { responses: number; first: string; last: string } }>("results_numbers", { survey: config.id, filters: range });
    expect(numbers.status).toBe(200);
    expect(numbers.body.responses.responses).toBe(3);
    expect(new Date(numbers.body.responses.first).toISOString()).toBe("2026-03-02T12:00:00.000Z");
    expect(new Date(numbers.body.responses.last).toISOString()).toBe("2026-03-03T12:00:00.000Z");
    const listed = await page(range, null, 50);
    // Newest first; the two of the 2nd share a time, so their order is the id's.
    const campaigns = listed.rows.map((row) => row.utm_campaign);
    expect(campaigns[0]).toBe("range-3");
    expect(campaigns.slice(1).sort()).toEqual(["range-1", "range-2"]);
    // One end alone: until the 1st is the 1st only (not today's responses of the setup either); a range past the data holds the 5th.
    expect((await page({ until: "2026-03-01" }, null, 50)).rows.map((row) => row.utm_campaign)).toEqual(["range-0"]);
    expect((await page({ from: "2026-03-04", until: "2026-03-31" }, null, 50)).rows.map((row) => row.utm_campaign)).toEqual(["range-4"]);
  });

  test("the export is the filtered list, page after page by keyset, as the report's CSV", async () => {
    const range = { from: "2026-03-01", until: "2026-03-03" };
    const list = (await page(range, null, 50)).rows;
    let text = "";
    let rows = 0;
    // Pages of two: three requests, each after the last row of the one before.
    for await (const chunk of csvPages(config, (after) => page(range, after, 2))) {
      text += chunk.text;
      rows += chunk.rows;
    }
    expect(text.startsWith("\uFEFFid,created_at,")).toBe(true);
    expect(rows).toBe(4);
    const lines = text.trim().split("\n").slice(1);
    expect(lines.map((line) => line.split(",")[0])).toEqual(list.map((row) => row.id));
  });

  test("a response at the first instant of the day after 'until' is outside the range, and inside the next day's", async () => {
    // The shipped survey counts days by its campaign's offset (no IANA timeZone): the next day's midnight there.
    expect(config.timeZone, "this test computes the zone's midnight from an offset").toBeUndefined();
    const midnight = new Date(Date.parse("2026-03-04T00:00:00Z") - reportZone(config).shiftMinutes * 60_000).toISOString();
    const service = { apikey: results.api.serviceRoleKey, authorization: `Bearer ${results.api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    const inserted = await fetch(`${results.api.restUrl}/${config.table}`, { method: "POST", headers: service, body: JSON.stringify({ ...validRow(config), utm_campaign: "range-edge", created_at: midnight }) });
    expect(inserted.status, await inserted.text()).toBe(201);
    const campaigns = async (filters: object) => (await page(filters, null, 50)).rows.map((row) => row.utm_campaign);
    expect(await campaigns({ until: "2026-03-03" })).not.toContain("range-edge");
    expect(await campaigns({ from: "2026-03-04", until: "2026-03-04" })).toEqual(["range-edge"]);
  });

  test("a published version reads its respondents' rows alone, in the numbers and the list; the versions come oldest first", async () => {
    const service = { apikey: results.api.serviceRoleKey, authorization: `Bearer ${results.api.serviceRoleKey}`, "content-type": "application/json", prefer: "return=minimal" };
    const earlier = [1, 2].map((n) => ({ ...validRow(config), definition_version: EARLIER, utm_campaign: `earlier-${n}`, created_at: "2026-02-10T12:00:00Z" }));
    const inserted = await fetch(`${results.api.restUrl}/${config.table}`, { method: "POST", headers: service, body: JSON.stringify(earlier) });
    expect(inserted.status, await inserted.text()).toBe(201);
    const current = definitionVersion(config);
    const versions = await rpc<{ version: string; publishedAt: string }[]>("results_versions", { survey: config.id });
    expect(versions.status).toBe(200);
    expect(versions.body.map(({ version }) => version)).toEqual([EARLIER, current]);
    expect(new Date(versions.body[0]!.publishedAt).toISOString()).toBe("2026-01-15T12:00:00.000Z");
    const count = async (filters: object) => (await rpc<{ responses: { responses: number } }>("results_numbers", { survey: config.id, filters })).body.responses.responses;
    const [all, before, now] = [await count({}), await count({ version: EARLIER }), await count({ version: current })];
    expect(before).toBe(2);
    expect(now).toBe(all - 2);
    expect(now).toBeGreaterThan(0);
    expect((await page({ version: EARLIER }, null, 50)).rows.map((row) => row.utm_campaign).sort()).toEqual(["earlier-1", "earlier-2"]);
    // With another filter: both hold.
    expect(await count({ version: EARLIER, from: "2026-03-01" })).toBe(0);
  });

  test("a version the survey never published is refused, not answered with nothing", async () => {
    for (const version of ["ffffffffffffffff", 7, definitionVersion(shippedSurvey("foreign-form"))]) {
      const refused = await rpc<{ details: string; message: string }>("results_numbers", { survey: config.id, filters: { version } });
      expect([version, refused.status, refused.body.details]).toEqual([version, 400, "results/unknownVersion"]);
    }
  });

  test("a date that is not one is refused, and says which", async () => {
    const refused = await rpc<{ message: string }>("results_numbers", { survey: config.id, filters: { until: "2026-02-30" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("2026-02-30");
  });
});
