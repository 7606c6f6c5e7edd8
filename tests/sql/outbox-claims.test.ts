// The claim and its lease on a real PostgreSQL 15, in seconds: an event is
// dead after exactly the file's attempts; a lease ends and the event is
// claimed again as the next try; a renewed lease holds and a lost try is not
// renewed; a Retry-After holds back the event and its whole channel; two
// workers claiming at once never put two of one webhook's sends in flight.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_BACKOFF, retryDelayMs } from "../../notifications/backoff.ts";
import { outboxSurvey } from "../support/outbox-stack.ts";
import { claimTries, finishTry, startOutboxDb, type OutboxDb } from "../support/outbox-db.ts";

const CHANNEL = "avisos_responses/crm";
let outbox: OutboxDb;

beforeAll(async () => {
  outbox = await startOutboxDb(outboxSurvey({ owner: "dona@example.com", attempts: 3, alertAfter: 100, webhooks: [{ name: "crm", url: "https://example.com/hook" }] }), 2);
}, 180_000);
afterAll(() => outbox?.close());

beforeEach(async () => {
  await outbox.db.query("delete from outbox.log; delete from outbox.events; update outbox.channels set state = 'ok', failures_in_row = 0, owner_told = false, paused_until = null");
});

const addEvents = (count: number) =>
  outbox.db.query("insert into outbox.events (channel, survey_table) select $1, 'avisos_responses' from generate_series(1, $2)", [CHANNEL, count]);
/** What a backoff or a pause would wait for, skipped: the test does not wait out the worker's delays. */
const dueNow = () => outbox.db.query("update outbox.events set next_attempt_at = now() where status = 'pending'; update outbox.channels set paused_until = null");
const client = () => outbox.clients[0]!;
const statusOf = async () => (await outbox.db.query<{ status: string; attempts: number }>("select status, attempts from outbox.events where channel = $1", [CHANNEL]))[0]!;

describe("the outbox's claims and leases (PostgreSQL)", () => {
  test("an event is set aside as dead after exactly the file's attempts, not one try later", async () => {
    await addEvents(1);
    for (const attempt of [1, 2, 3]) {
      const [claimed] = await claimTries(client());
      expect(claimed!.attempt).toBe(attempt);
      await finishTry(client(), claimed!, { ok: false, httpStatus: 500 });
      expect(await statusOf()).toEqual({ status: attempt < 3 ? "pending" : "dead", attempts: attempt });
      await dueNow();
    }
    expect(await claimTries(client())).toEqual([]);
  });

  test("a lease ends: the event is claimed again as the next try, within seconds", async () => {
    await addEvents(1);
    const [first] = await claimTries(client(), 20, 1);
    expect(await claimTries(client(), 20, 1)).toEqual([]);
    const deadline = Date.now() + 15_000;
    let again: Awaited<ReturnType<typeof claimTries>> = [];
    while (again.length === 0 && Date.now() < deadline) again = await claimTries(client(), 20, 1);
    expect(again).toEqual([{ ...first, attempt: 2 }]);
  });

  test("a renewed lease holds the event; a try that lost its event is not renewed and decides nothing but its log line", async () => {
    await addEvents(1);
    const [held] = await claimTries(client(), 20, 1);
    const renewed = await outbox.db.query<{ id: string }>("select id::text from public.outbox_renew($1::jsonb, 60) id", [JSON.stringify([held])]);
    expect(renewed).toEqual([{ id: held!.id }]);
    const [lease] = await outbox.db.query<{ left: number }>("select extract(epoch from lease_until - now()) as left from outbox.events");
    expect(Number(lease!.left)).toBeGreaterThan(50);
    await outbox.db.query("update outbox.events set next_attempt_at = now(), lease_until = now()");
    const [taken] = await claimTries(client());
    expect(taken!.attempt).toBe(2);
    expect(await outbox.db.query("select id from public.outbox_renew($1::jsonb, 60) id", [JSON.stringify([held])])).toEqual([]);
    await finishTry(client(), held!, { ok: false, httpStatus: 500 });
    expect(await statusOf()).toEqual({ status: "pending", attempts: 2 });
    expect((await outbox.db.query<{ failures_in_row: number }>("select failures_in_row from outbox.channels where id = $1", [CHANNEL]))[0]).toEqual({ failures_in_row: 0 });
    await finishTry(client(), taken!, { ok: true, httpStatus: 204 });
    expect(await outbox.db.query("select attempt, ok from outbox.log order by id")).toEqual([{ attempt: 1, ok: false }, { attempt: 2, ok: true }]);
  });

  test("a 429's Retry-After holds back the event and its whole channel for as long as asked", async () => {
    await addEvents(2);
    const [refused] = await claimTries(client());
    await finishTry(client(), refused!, { ok: false, httpStatus: 429, retryInSeconds: retryDelayMs(refused!.attempt, DEFAULT_BACKOFF, 120) / 1000 });
    expect(await claimTries(client()), "the channel's other event, due, waits too").toEqual([]);
    const [waits] = await outbox.db.query<{ event: number; channel: number }>(
      "select extract(epoch from e.next_attempt_at - now()) as event, extract(epoch from c.paused_until - now()) as channel from outbox.events e join outbox.channels c on c.id = e.channel where e.id = $1",
      [refused!.id],
    );
    expect(Number(waits!.event)).toBeGreaterThan(110);
    expect(Number(waits!.channel)).toBeGreaterThan(110);
  });

  test("two workers claiming at once put one of a webhook's sends in flight, not two", async () => {
    await addEvents(3);
    const claims = await Promise.all(outbox.clients.map((worker) => claimTries(worker)));
    expect(claims.flat()).toHaveLength(1);
  });
});
