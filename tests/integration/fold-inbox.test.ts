// The fold of the tallies' inbox (scripts/sql/tally-inbox-sql.ts): in
// bounded batches, each its own transaction, on PGlite and on PostgreSQL 15;
// then, on PostgreSQL 15 with several connections, what only a second
// connection shows: a batch committed while the next one waits, a fold that
// does not wait for an open update of one of its rows (SKIP LOCKED), and a
// refill that starts while a fold is open counting the fold's rows once (the
// fold's advisory lock). Each waits for the event it is about (a backend
// waiting on a lock, or done), never for a while.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FOLD_BACKLOG_PROCEDURE, FOLD_FUNCTION } from "../../scripts/sql/tally-inbox-sql.ts";
import { numbersRequest, type SqlNumbers } from "../../src/report/sql-numbers.ts";
import { BACKENDS, postgresBackend, type SqlBackend } from "../support/sql-backends.ts";
import { randomReportSql, RANDOM_SURVEY } from "../support/random-results.ts";

/** `count` pending responses (in the inbox), each of a visit of its own named `tag`-n; the last one's visit is returned. */
async function pending(db: SqlBackend, tag: string, count: number): Promise<string> {
  const visit = (n: string) => `md5('${tag}' || ${n})::uuid::text`;
  await db.query(`insert into public.rnd (id, created_at, visit_id, pais)
    select gen_random_uuid(), timestamptz '2026-11-20 12:00:00+00' + g * interval '1 min', ${visit("g")}, 'Chile' from generate_series(1, ${count}) g`);
  const [{ v }] = (await db.query<{ v: string }>(`select ${visit(String(count))} as v`)) as [{ v: string }];
  return v;
}

async function inbox(db: SqlBackend): Promise<number> {
  const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from report.response_inbox")) as [{ n: number }];
  return n;
}

/** The report's numbers from the tallies (plus the inbox) equal those of a scan of the rows; returns the responses counted. */
async function expectTalliedEqualsScanned(db: SqlBackend): Promise<number> {
  const request = numbersRequest(RANDOM_SURVEY, { where: {} }, "UTC");
  const read = async (path?: string) =>
    ((await db.query<{ n: SqlNumbers }>("select report.survey_numbers($1::jsonb) as n", [JSON.stringify({ ...request, ...(path && { path }) })])) as [{ n: SqlNumbers }])[0].n;
  const [tallied, scanned] = [await read(), await read("scan")];
  expect(tallied.path).toBe("tallies");
  expect({ ...tallied, path: null }).toEqual({ ...scanned, path: null });
  return tallied.responses.responses;
}

describe.each(BACKENDS)("the fold in batches on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    for (const sql of randomReportSql({ tallies: true })) await db.migrate(sql);
  }, 180_000);
  afterAll(() => db?.close());

  test("one fold takes at most a batch; the backlog procedure folds the rest batch after batch; the numbers are exact throughout", async () => {
    await pending(db, "a", 250);
    expect(await db.query(`select ${FOLD_FUNCTION}(100) as taken`)).toEqual([{ taken: 100 }]);
    expect(await inbox(db)).toBe(150);
    expect(await expectTalliedEqualsScanned(db)).toBe(250);
    await db.query(`call ${FOLD_BACKLOG_PROCEDURE}(100)`);
    expect(await inbox(db)).toBe(0);
    expect(await expectTalliedEqualsScanned(db)).toBe(250);
  });
});

describe("the fold beside other connections (PostgreSQL)", { timeout: 300_000 }, () => {
  let server: SqlBackend;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    server = await postgresBackend();
    for (const sql of randomReportSql({ tallies: true })) await server.migrate(sql);
    for (let i = 0; i < 4; i++) {
      const client = new pg.Client({ connectionString: server.url! });
      await client.connect();
      clients.push(client);
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await server?.close();
  });

  const pid = async (client: pg.Client) => (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
  const slot = async (client: pg.Client) => (await client.query<{ slot: number }>("select report.tally_slot() as slot")).rows[0]!.slot;
  const waitingOnLock = async (backend: number) =>
    (await server.query<{ waiting: boolean }>("select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1", [backend]))[0]?.waiting === true;

  /** Resolves when `check` holds, asking again after each answer (polling an event, not sleeping for a guess). */
  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Runs `sql` on `client`; resolves, as soon as one happens, with whether it finished or waits on a lock. */
  async function finishesOrWaits(client: pg.Client, sql: string): Promise<{ outcome: "finished" | "waits"; done: Promise<unknown> }> {
    const backend = await pid(client);
    let finished = false;
    const done = client.query(sql).finally(() => (finished = true));
    await until(async () => finished || (await waitingOnLock(backend)));
    return { outcome: finished ? "finished" : "waits", done };
  }

  test("each batch commits on its own: while a later batch waits on a locked visit, the batches before it are counted and gone", async () => {
    const [folder, holder] = clients as [pg.Client, pg.Client];
    await server.query(`call ${FOLD_BACKLOG_PROCEDURE}()`);
    const before = await expectTalliedEqualsScanned(server);
    // 251 rows: the last one, in the third batch of 100, belongs to a visit another transaction holds.
    const last = await pending(server, "b", 251);
    await server.query("insert into report.visit_state (survey_id, visit_id) values ('rnd', $1)", [last]);
    await holder.query("begin");
    await holder.query("select from report.visit_state where survey_id = 'rnd' and visit_id = $1 for update", [last]);
    const fold = await finishesOrWaits(folder, `call ${FOLD_BACKLOG_PROCEDURE}(100)`);
    expect(fold.outcome).toBe("waits");
    // Seen from a third connection: two batches committed (counted, out of the inbox), the third's 51 rows not yet.
    const [{ n }] = (await server.query<{ n: string }>("select coalesce(sum(n), 0) as n from report.tallies where survey_table = 'rnd' and key = '~responses'")) as [{ n: string }];
    expect(Number(n) - before).toBe(200);
    expect(await inbox(server)).toBe(51);
    await holder.query("commit");
    await fold.done;
    expect(await inbox(server)).toBe(0);
    expect(await expectTalliedEqualsScanned(server)).toBe(before + 251);
  });

  test("a fold does not wait for an open update of one pending row: it skips that row, and each row is counted once", async () => {
    // Connections of different slots, and the updated row on a day of its own: the update and the fold then share no
    // tally row and no visit, and the only thing the fold could wait for is the inbox row the update is taking out.
    const slots = await Promise.all(clients.map(slot));
    const updater = clients[0]!;
    const folder = clients.find((_, i) => slots[i] !== slots[0])!;
    await pending(server, "c", 20);
    const [{ id }] = (await server.query<{ id: string }>(
      "insert into public.rnd (id, created_at, visit_id, pais) values (gen_random_uuid(), '2026-11-27T08:00:00Z', md5('c-updated')::uuid::text, 'Chile') returning id::text")) as [{ id: string }];
    await updater.query("begin");
    await updater.query("update public.rnd set pais = 'Bolivia' where id = $1", [id]);
    const fold = await finishesOrWaits(folder, `select ${FOLD_FUNCTION}()`);
    await updater.query("commit");
    await fold.done;
    expect(fold.outcome).toBe("finished");
    expect(await inbox(server)).toBe(0);
    await expectTalliedEqualsScanned(server);
  });

  test("a refill that starts while a fold is open waits for it, and counts the fold's rows once", async () => {
    // The fold must write tally rows of its own slot that the refill's delete cannot see (the refill writes its own slot).
    const slots = await Promise.all(clients.map(slot));
    const refiller = clients[0]!;
    const folder = clients.find((_, i) => slots[i] !== slots[0])!;
    await refiller.query("select report.refill('rnd')");
    const before = await expectTalliedEqualsScanned(server);
    await pending(server, "d", 5);
    await folder.query("begin");
    await folder.query(`select ${FOLD_FUNCTION}()`);
    const refill = await finishesOrWaits(refiller, "select report.refill('rnd')");
    await folder.query("commit");
    await refill.done;
    expect(refill.outcome).toBe("waits");
    expect(await expectTalliedEqualsScanned(server)).toBe(before + 5);
  });
});
