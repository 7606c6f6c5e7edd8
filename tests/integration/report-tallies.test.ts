// The report's numbers from the tallies that statement triggers keep as rows
// arrive (scripts/sql/tallies-sql.ts) against the same numbers counted by a
// scan of the rows and by the Node oracle, on random data written as a
// survey's life writes it: responses in several statements, visit events
// out of order (the earliest step of a visit last, events earlier than the
// visit's start with other hidden values), deletes, updates (of answers, of
// times, of the visit a response names), a TRUNCATE followed by new rows.
// Every number must be equal: the tallied and scanned JSON exactly, the
// free texts' themes too.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { numbersRequest, reportNumbersOf, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import type { VisitRow } from "../support/report-oracle/visit-numbers.ts";
import { comparable } from "../support/report-oracle/comparable.ts";
import { reportNumbers } from "../support/report-oracle/numbers.ts";
import pg from "pg";
import { pgliteBackend, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { randomResponses, randomResults, randomVisits, randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";
import { expectThemesTalliedEqualScanned } from "../support/themes-tallied.ts";

let db: SqlBackend;

/** The random survey in a zone of its own: its tallies count its days there, and a report in another zone (UTC, Kathmandu) reads the quarter-hours. */
const SURVEY = { ...RANDOM_SURVEY, timeZone: "America/Sao_Paulo" };

beforeAll(async () => {
  db = await pgliteBackend();
  for (const sql of randomReportSql({ tallies: true, survey: SURVEY })) await db.migrate(sql);
}, 60_000);
afterAll(() => db?.close());

async function numbers(request: object): Promise<SqlNumbers> {
  const [{ numbers }] = (await db.query<{ numbers: SqlNumbers }>("select report.survey_numbers($1::jsonb) as numbers", [JSON.stringify(request)])) as [{ numbers: SqlNumbers }];
  return numbers;
}

// Response 150 came at 21:02:48.5: inside the quarter-hour the opening cuts.
const OPENED_INSIDE_A_QUARTER = "2026-11-04T21:01:00Z";

/**
 * `countsFrom`: the campaign's opening, here inside a quarter-hour (all responses but those the index has before it); the survey's
 * own (its opensAt) when undefined; null for none. In the survey's zone the tallies' days are read, in another its quarter-hours summed into days.
 */
async function talliedAndScanned(timeZone: string, countsFrom?: string | null) {
  const request = { ...numbersRequest(SURVEY, { where: {} }, timeZone), ...(countsFrom !== undefined && { countsFrom }) };
  const tallied = await numbers(request);
  const scanned = await numbers({ ...request, path: "scan" });
  expect(tallied.path).toBe("tallies");
  expect(scanned.path).toBe("scan: asked for");
  const { path: _t, ...talliedNumbers } = tallied;
  const { path: _s, ...scannedNumbers } = scanned;
  expect(talliedNumbers).toEqual(scannedNumbers);
  // The days in that zone, counted straight from the rows: the tallies' days, or their quarter-hours summed into days, must give the same.
  const days = await db.query<{ day: string; n: number }>("select to_char(created_at at time zone $1, 'YYYY-MM-DD') as day, count(*)::int as n from public.rnd group by 1", [timeZone]);
  const dayCounts = Object.fromEntries(Object.entries(tallied.responses.counts).filter(([key]) => key.startsWith("~day\u001f")).map(([key, n]) => [key.slice(5), n]));
  expect(dayCounts).toEqual(Object.fromEntries(days.map(({ day, n }) => [day, n])));
  return tallied;
}

const inboxRows = async () =>
  ((await db.query<{ n: number }>("select (select count(*) from report.response_inbox) + (select count(*) from report.visit_inbox) as n")) as [{ n: number }])[0].n;

/**
 * Tallied and scanned in the survey's zone (its days tallied), in UTC and in Kathmandu (its quarter-hours summed into days), and the oracle (UTC days):
 * with the inserts still in the inbox (the tallies plus the inbox), then again once the fold has counted them into the tallies.
 */
async function expectSame() {
  const before = await expectSameNow();
  await db.query("select report.fold_inbox()");
  expect(Number(await inboxRows())).toBe(0);
  const after = await expectSameNow();
  expect(after).toEqual(before);
  return after;
}

/**
 * Date ranges alone read their whole UTC days from the tallies per day and scan the rest (the ends' parts of a day, the inbox):
 * the same numbers as a scan of the range, for ranges open at either end, ending at UTC midnights, inside one day, in a zone whose days differ.
 */
async function expectRangesSame() {
  const [{ first, last }] = (await db.query<{ first: string | null; last: string | null }>("select min(created_at)::text as first, max(created_at)::text as last from public.rnd")) as [{ first: string | null; last: string | null }];
  if (!first || !last) return;
  const [from, to] = [Date.parse(first), Date.parse(last)];
  const at = (share: number) => new Date(from + (to - from) * share).toISOString();
  const midnight = (share: number) => `${at(share).slice(0, 10)}T00:00:00.000Z`;
  const ranges = [{ since: at(0.3) }, { until: at(0.6) }, { since: at(0.2), until: at(0.85) }, { since: midnight(0.1), until: midnight(0.9) },
    { since: at(0.5), until: new Date(Date.parse(at(0.5)) + 3_600_000).toISOString() }];
  for (const [place, range] of ranges.entries()) {
    // Every other range in another zone than the survey's (its quarter-hours summed into days) and without countsFrom.
    const request = { ...numbersRequest(SURVEY, { where: {} }, place % 2 ? "Asia/Kathmandu" : "America/Sao_Paulo"), ...range, ...(place % 2 && { countsFrom: null }) };
    const { path, ...ranged } = await numbers(request);
    const { path: _s, ...scanned } = await numbers({ ...request, path: "scan" });
    expect(path).toBe("tallies per day");
    expect(ranged).toEqual(scanned);
  }
}

async function expectSameNow() {
  await expectRangesSame();
  await talliedAndScanned("America/Sao_Paulo");
  await talliedAndScanned("Asia/Kathmandu");
  await talliedAndScanned("America/Sao_Paulo", null);
  await talliedAndScanned("Asia/Kathmandu", null);
  await talliedAndScanned("UTC", OPENED_INSIDE_A_QUARTER);
  const tallied = await talliedAndScanned("UTC");
  await expectThemesTalliedEqualScanned(db, SURVEY, { pais: "Chile" });
  const rows = await db.query<{ row: Record<string, unknown> & { created_at: string } }>(`select row_to_json(t) as row from public.${SURVEY.table} t order by id`);
  const visits = await db.query<{ row: VisitRow }>("select row_to_json(v) as row from public.visits v where survey_id = $1 order by visit_id", [SURVEY.id]);
  expect(comparable(reportNumbersOf(SURVEY, tallied))).toEqual(comparable(reportNumbers(SURVEY, rows.map(({ row }) => row), visits.map(({ row }) => row))));
  return tallied;
}

describe("the report's tallies, kept by triggers", { timeout: 60_000 }, () => {
  test("equal a scan and the oracle after inserts in several statements and visit events out of order", async () => {
    await randomResults(db, 20261125, 3);
    const tallied = await expectSame();
    expect(tallied.responses.responses).toBe(400);
    expect(tallied.visits.visits).toBe(600);
    expect(tallied.visits.medianSeconds).not.toBeNull();
    const opened = await talliedAndScanned("UTC", OPENED_INSIDE_A_QUARTER);
    const [{ since }] = (await db.query<{ since: number }>("select count(*)::int as since from public.rnd where created_at >= $1", [OPENED_INSIDE_A_QUARTER])) as [{ since: number }];
    expect(opened.responses.counted).toBe(since);
    expect(since).toBeGreaterThan(0);
  });

  test("a filtered report reads its visits from the folded visit_state, with the same numbers as a scan of the events", async () => {
    const [{ source }] = (await db.query<{ source: string }>("select utm_source as source from public.rnd where utm_source is not null group by 1 order by count(*) desc limit 1")) as [{ source: string }];
    const [{ since }] = (await db.query<{ since: string }>("select (min(created_at) + (max(created_at) - min(created_at)) / 3)::text as since from public.rnd")) as [{ since: string }];
    const request = numbersRequest(SURVEY, { where: {} }, "UTC");
    for (const filters of [{ filters: { utm_source: source } }, { since }, { since, until: new Date(Date.parse(since) + 86_400_000).toISOString() }, { since, filters: { utm_source: source } }]) {
      const filtered = await numbers({ ...request, ...filters });
      const scanned = await numbers({ ...request, ...filters, path: "scan" });
      expect(filtered.path).toBe("filters" in filters ? "scan: filtered" : "tallies per day");
      expect(filtered.visits.visits).toBeGreaterThan(0);
      expect(filtered.visits).toEqual(scanned.visits);
      expect(filtered.responses).toEqual(scanned.responses);
    }
  });

  test("equal them after earlier events with other hidden values, deleted events, deleted and updated responses", async () => {
    // Half of what is changed below is still in the inbox (never counted), the other half was folded into the tallies.
    await db.query(`insert into public.rnd select (jsonb_populate_record(null::public.rnd, to_jsonb(t)
      || jsonb_build_object('id', md5('again' || t.id)::uuid, 'visit_id', md5('again' || t.visit_id)::uuid))).* from public.rnd t`);
    await db.query(`insert into public.visit_events select (jsonb_populate_record(null::public.visit_events, to_jsonb(e)
      || jsonb_build_object('id', md5('again' || e.id)::uuid, 'visit_id', md5('again' || e.visit_id)::uuid))).* from public.visit_events e`);
    expect(Number(await inboxRows())).toBeGreaterThan(0);
    // Events before the visits' start, with another source: the start, the seconds to submit and the source move.
    await db.query(`insert into public.visit_events (visit_id, survey_id, step, question_id, hidden, created_at)
      select visit_id, survey_id, 'reached', 'nombre', '{"utm_source": "early"}', min(created_at) - interval '90 s' from public.visit_events where survey_id = 'rnd' and visit_id::text < '3' group by 1, 2`);
    await db.query(`delete from public.visit_events where step = 'opened' and visit_id::text between '3' and '4'`);
    await db.query(`delete from public.rnd where id::text < '2'`);
    await db.query(`update public.rnd set pais = 'Bolivia', edad = ' 7 ', redes = '{X}', created_at = created_at - interval '5 h 7 min' where id::text between '5' and '6'`);
    await db.query(`update public.rnd set visit_id = md5('v' || 550)::uuid::text where id::text between '7' and '71'`);
    await db.query(`update public.rnd set visit_id = null where id::text between '8' and '81'`);
    // A response naming a visit that has no event yet, then its events.
    await db.query(`insert into public.rnd (id, created_at, visit_id, pais) values ('00000000-0000-4000-8000-000000000001', '2026-11-20T10:00:00Z', '00000000-0000-4000-8000-0000000000aa', 'Chile')`);
    await db.query(`insert into public.visit_events (visit_id, survey_id, step, hidden, created_at) values ('00000000-0000-4000-8000-0000000000aa', 'rnd', 'submitted', '{"utm_source": "x"}', '2026-11-20T09:59:00Z')`);
    await db.query(`insert into public.visit_events (visit_id, survey_id, step, hidden, created_at) values ('00000000-0000-4000-8000-0000000000aa', 'rnd', 'opened', '{}', '2026-11-20T09:50:00Z')`);
    const tallied = await expectSame();
    expect(tallied.visits.sources.utm_source!.some(([value]) => value === "early")).toBe(true);
  });

  test("equal them after a TRUNCATE of the responses followed by new ones, and of the visit events", async () => {
    await db.query("truncate public.rnd");
    const empty = await expectSame();
    expect(empty.responses.responses).toBe(0);
    expect(empty.visits.medianSeconds).toBeNull();
    await randomResponses(db, 2);
    await expectSame();
    await db.query("truncate public.visit_events");
    expect((await expectSame()).visits.visits).toBe(0);
    await randomVisits(db, 3);
    const again = await expectSame();
    expect(again.visits.visits).toBe(600);
    expect(again.responses.responses).toBe(400);
  });

  test("a report for another version of the survey scans the rows, and says why", async () => {
    const changed = numbersRequest({ ...SURVEY, hiddenFields: [] }, { where: {} }, "UTC");
    expect((await numbers(changed)).path).toMatch(/^scan: the tallies were made for another version/);
    // The survey's own zone is part of its version: its tallies count days there.
    expect((await numbers(numbersRequest({ ...SURVEY, timeZone: "Asia/Kathmandu" }, { where: {} }, "Asia/Kathmandu"))).path).toMatch(/^scan: the tallies were made for another version/);
    expect((await numbers(numbersRequest({ ...SURVEY, hiddenFields: [] }, { since: "2026-11-05T00:00:00Z", where: {} }, "UTC"))).path).toBe("scan: filtered");
    expect((await numbers(numbersRequest(SURVEY, { since: "2026-11-05T00:00:00Z", where: { utm_source: "x" } }, "UTC"))).path).toBe("scan: filtered");
  });
});

describe("concurrent writes to one visit (PostgreSQL)", { timeout: 120_000 }, () => {
  let server: SqlBackend;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    server = await postgresBackend();
    for (const sql of randomReportSql({ tallies: true })) await server.migrate(sql);
    for (let i = 0; i < 2; i++) {
      const client = new pg.Client({ connectionString: server.url! });
      await client.connect();
      clients.push(client);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await server?.close();
  });

  const event = (visit: string, step: string, at: string) =>
    `insert into public.visit_events (visit_id, survey_id, step, hidden, created_at) values ('${visit}', 'rnd', '${step}', '{"utm_source": "instagram"}', '${at}')`;
  const response = (id: string, visit: string, at: string) => `insert into public.rnd (id, created_at, visit_id, pais) values ('${id}', '${at}', '${visit}', 'Chile')`;

  /** `first` in an open transaction, `second` started meanwhile on another connection (it waits for the visit), then both committed. */
  async function interleaved(first: string, second: string) {
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query("begin");
    await a.query(first);
    const waiting = b.query(second);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await a.query("commit");
    await waiting;
  }

  test("an event and a response of the same visit at once are each counted once", async () => {
    const visit = "00000000-0000-4000-8000-00000000c001";
    await interleaved(event(visit, "opened", "2026-11-20T10:00:00Z"), response("00000000-0000-4000-8000-0000000000d1", visit, "2026-11-20T10:05:00Z"));
    await interleaved(response("00000000-0000-4000-8000-0000000000d2", visit, "2026-11-20T10:06:00Z"), event(visit, "submitted", "2026-11-20T10:04:00Z"));
    const other = "00000000-0000-4000-8000-00000000c002";
    await interleaved(event(other, "opened", "2026-11-20T11:00:00Z"), event(other, "opened", "2026-11-20T10:59:00Z"));
    const request = numbersRequest(RANDOM_SURVEY, { where: {} }, "UTC");
    const [{ tallied }] = (await server.query<{ tallied: SqlNumbers }>("select report.survey_numbers($1::jsonb) as tallied", [JSON.stringify(request)])) as [{ tallied: SqlNumbers }];
    const [{ scanned }] = (await server.query<{ scanned: SqlNumbers }>("select report.survey_numbers($1::jsonb) as scanned", [JSON.stringify({ ...request, path: "scan" })])) as [{ scanned: SqlNumbers }];
    expect(tallied.path).toBe("tallies");
    expect({ ...tallied, path: null }).toEqual({ ...scanned, path: null });
    expect(tallied.visits.visits).toBe(2);
    expect(tallied.visits.submitted).toBe(1);
  });
});
