// The tallies under concurrent writes on a real PostgreSQL 15, several
// connections at once: a refill while an insert is open, one visit with two
// responses at the same instant then one deleted, the fold of the inbox
// racing an update or a delete of the rows it takes, and a stress of many
// connections writing events and responses of the same few visits while
// another folds. After each, the numbers read from the tallies equal those
// of a scan, and so do the free texts' themes.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { numbersRequest, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";
import { expectThemesTalliedEqualScanned } from "../support/themes-tallied.ts";

const CONNECTIONS = 8;
let server: SqlBackend;
const clients: pg.Client[] = [];

beforeAll(async () => {
  server = await postgresBackend();
  for (const sql of randomReportSql({ tallies: true })) await server.migrate(sql);
  for (let i = 0; i < CONNECTIONS; i++) {
    const client = new pg.Client({ connectionString: server.url! });
    await client.connect();
    clients.push(client);
  }
}, 180_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await server?.close();
});

async function expectTalliedEqualsScanned(): Promise<SqlNumbers> {
  const request = numbersRequest(RANDOM_SURVEY, { where: {} }, "UTC");
  const read = async (path?: string) =>
    ((await server.query<{ n: SqlNumbers }>("select report.survey_numbers($1::jsonb) as n", [JSON.stringify({ ...request, ...(path && { path }) })])) as [{ n: SqlNumbers }])[0].n;
  const tallied = await read();
  const scanned = await read("scan");
  expect(tallied.path).toBe("tallies");
  expect({ ...tallied, path: null }).toEqual({ ...scanned, path: null });
  // A date range: its whole days from the tallies per day, which the same writers keep.
  const range = { since: "2026-11-20T12:00:00Z", until: "2026-11-23T09:00:00Z" };
  const [ranged, rangeScanned] = await Promise.all([{}, { path: "scan" }].map(async (path) =>
    ((await server.query<{ n: SqlNumbers }>("select report.survey_numbers($1::jsonb) as n", [JSON.stringify({ ...request, ...range, ...path })])) as [{ n: SqlNumbers }])[0].n));
  expect(ranged!.path).toBe("tallies per day");
  expect({ ...ranged!, path: null }).toEqual({ ...rangeScanned!, path: null });
  await expectThemesTalliedEqualScanned(server, RANDOM_SURVEY, { pais: "Bolivia" });
  return tallied;
}

let serial = 0;
const uuid = (prefix: string) => `00000000-0000-4000-${prefix}-${String(++serial).padStart(12, "0")}`;
const event = (visit: string, step: string, at: string, question: string | null = null) =>
  `insert into public.visit_events (visit_id, survey_id, step, question_id, hidden, created_at) values ('${visit}', 'rnd', '${step}', ${question ? `'${question}'` : "null"}, '{"utm_source": "instagram"}', '${at}')`;
const DREAMS = ["Quiero ser cardiólogo en Brasil", "passar no Revalida e ser cirurgiã", "Abrir mi consultorio", "ser cardiologista"];
const response = (visit: string | null, at: string) =>
  `insert into public.rnd (id, created_at, visit_id, pais, sueno) values ('${uuid("8000")}', '${at}', ${visit ? `'${visit}'` : "null"}, 'Chile', '${DREAMS[serial % DREAMS.length]}')`;

describe("the tallies under concurrent writes (PostgreSQL)", { timeout: 300_000 }, () => {
  test("a refill while another connection's insert is open counts that row once", async () => {
    // The insert's connection must write rows of its own slot that the refill has not seen (the refill writes slot 0).
    const slots = await Promise.all(clients.map(async (client) => (await client.query<{ slot: number }>("select report.tally_slot() as slot")).rows[0]!.slot));
    const a = clients[slots.findIndex((slot) => slot !== 0)]!;
    const b = clients.find((client) => client !== a)!;
    await b.query(response(null, "2026-11-21T09:00:00Z"));
    await b.query("select report.refill('rnd')");
    const before = (await expectTalliedEqualsScanned()).responses.responses;
    await a.query("begin");
    await a.query(response(uuid("9000"), "2026-11-21T09:01:00Z"));
    // The refill starts meanwhile: it must wait for the insert, then count it once.
    const refill = b.query("select report.refill('rnd')");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.query("commit");
    await refill;
    expect((await expectTalliedEqualsScanned()).responses.responses).toBe(before + 1);
  });

  test("one visit with two responses at the same instant, then one deleted, keeps the other's time", async () => {
    const visit = uuid("a000");
    await server.query(event(visit, "opened", "2026-11-21T10:00:00Z"));
    const at = "2026-11-21T10:04:30Z";
    await server.query(`insert into public.rnd (id, created_at, visit_id, pais) values ('${uuid("8000")}', '${at}', '${visit}', 'Chile'), ('${uuid("8000")}', '${at}', '${visit}', 'Argentina')`);
    await expectTalliedEqualsScanned();
    await server.query("select report.fold_inbox()");
    await server.query(`delete from public.rnd where visit_id = '${visit}' and pais = 'Argentina'`);
    const numbers = await expectTalliedEqualsScanned();
    const [{ responded }] = (await server.query<{ responded: string[] }>("select responded::text[] as responded from report.visit_state where visit_id = $1", [visit])) as [{ responded: string[] }];
    expect(responded).toHaveLength(1);
    expect(numbers.visits.submitted).toBeGreaterThan(0);
  });

  /** `first` in an open transaction on one connection, `second` started meanwhile on another (it may wait for the first), then both committed. */
  async function interleaved(first: string, second: string) {
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query("begin");
    await a.query(first);
    const waiting = b.query(second);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.query("commit");
    await waiting;
  }

  const inboxed = async (id: string) =>
    ((await server.query<{ n: string }>("select count(*) as n from report.response_inbox where row_id = $1", [id])) as [{ n: string }])[0].n;

  test("the fold racing an update or a delete of the rows it takes: each row counted once, as it ends", async () => {
    const pendingRow = async (pais: string) => {
      const id = uuid("c000");
      await server.query(`insert into public.rnd (id, created_at, visit_id, pais, sueno) values ('${id}', '2026-11-23T08:00:00Z', '${uuid("c100")}', '${pais}', 'Quiero ser cirujana en Brasil')`);
      expect(await inboxed(id)).toBe("1");
      return id;
    };
    // The fold takes the rows first; the update and the delete wait for it, then count their change as for counted rows.
    let updated = await pendingRow("Chile");
    await interleaved("select report.fold_inbox()", `update public.rnd set pais = 'Bolivia', sueno = 'ser cardiologista no Brasil' where id = '${updated}'`);
    let deleted = await pendingRow("Chile");
    await interleaved("select report.fold_inbox()", `delete from public.rnd where id = '${deleted}'`);
    await expectTalliedEqualsScanned();
    // The update and the delete take them first; the fold skips them and never counts them.
    updated = await pendingRow("Argentina");
    await interleaved(`update public.rnd set pais = 'Bolivia', sueno = 'ser cardiologista no Brasil' where id = '${updated}'`, "select report.fold_inbox()");
    deleted = await pendingRow("Argentina");
    await interleaved(`delete from public.rnd where id = '${deleted}'`, "select report.fold_inbox()");
    expect(await inboxed(updated)).toBe("0");
    const numbers = await expectTalliedEqualsScanned();
    await server.query("select report.fold_inbox()");
    expect(await expectTalliedEqualsScanned()).toEqual(numbers);
  });

  test("the fold and a transaction changing two visits lock them in one order: neither is aborted as a deadlock", async () => {
    const [a, b] = clients as [pg.Client, pg.Client];
    const [low, high] = [uuid("d000"), uuid("d000")];
    const counted = uuid("8000");
    for (const visit of [low, high]) await server.query(event(visit, "opened", "2026-11-24T10:00:00Z"));
    await server.query(`insert into public.rnd (id, created_at, visit_id, pais) values ('${counted}', '2026-11-24T10:05:00Z', '${high}', 'Chile')`);
    await server.query("select report.fold_inbox()");
    // In the inbox: an event of the lower visit, a response of the higher one.
    await server.query(event(low, "reached", "2026-11-24T10:01:00Z", RANDOM_SURVEY.questions[0]!.id));
    await server.query(response(high, "2026-11-24T10:06:00Z"));
    // A transaction changes an event of the lower visit (folded at once: that visit locked until it commits)…
    await a.query("begin");
    await a.query(`update public.visit_events set created_at = created_at - interval '1 s' where visit_id = '${low}' and step = 'opened'`);
    // …the fold starts and waits for that visit…
    const failed = (error: Error) => error.message;
    const fold = b.query("select report.fold_inbox()").then(() => null, failed);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // …and the transaction then changes a counted response of the higher visit. Had the fold locked the higher visit first
    // (its responses' visits, then its events'), each would wait for the other and PostgreSQL would abort one (40P01).
    const update = await a.query(`update public.rnd set pais = 'Bolivia' where id = '${counted}'`).then(() => null, failed);
    await a.query(update ? "rollback" : "commit");
    expect([update, await fold]).toEqual([null, null]);
    await expectTalliedEqualsScanned();
  });

  test("many connections writing events and responses of the same visits at once, another folding: tallied = scanned", async () => {
    const visits = Array.from({ length: 4 }, () => uuid("b000"));
    const questions = RANDOM_SURVEY.questions.map((question) => question.id);
    const minute = (n: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, 0) + n * 60_000 + (n % 7) * 123).toISOString();
    const statements = (client: number) =>
      Array.from({ length: 36 }, (_, i) => {
        const visit = visits[(client + i) % visits.length]!;
        const n = client * 100 + i;
        if (i % 6 === 5) return response(visit, minute(n));
        if (i % 6 === 4) return `delete from public.rnd where id in (select id from public.rnd where visit_id = '${visit}' order by created_at limit 1)`;
        // An earlier start for the visit: its events changed, the visit folded again at once (not through the inbox).
        if (i % 6 === 2) return `update public.visit_events set created_at = created_at - interval '1 s' where id in (select id from public.visit_events where visit_id = '${visit}' order by created_at limit 1)`;
        return event(visit, i % 3 === 0 ? "opened" : "reached", minute(n), i % 3 === 0 ? null : questions[i % questions.length]!);
      });
    const [folder, ...writers] = clients as [pg.Client, ...pg.Client[]];
    let writing = true;
    const folds = (async () => {
      let runs = 0;
      while (writing || runs === 0) {
        await folder.query("select report.fold_inbox()");
        runs++;
      }
      return runs;
    })();
    await Promise.all(
      writers.map(async (client, index) => {
        for (const sql of statements(index)) await client.query(sql);
      }),
    );
    writing = false;
    expect(await folds).toBeGreaterThan(1);
    await expectTalliedEqualsScanned();
    await server.query("select report.fold_inbox()");
    const numbers = await expectTalliedEqualsScanned();
    expect(numbers.visits.visits).toBeGreaterThanOrEqual(visits.length);
  });
});
