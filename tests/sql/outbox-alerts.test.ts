// The owner's alert when outcomes of one channel finish at once, on a real
// PostgreSQL 15 with several connections (PGlite's one connection serializes
// every call and hides this): failures, successes and 410s of one webhook
// channel, spread over 3 connections as 3 workers would send them, give
// exactly one alert per outage in any interleaving; ten failures finishing
// together give one. Each finish is held open a random moment before its
// commit, as a slow worker's transaction is, so that the calls overlap.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outboxSurvey } from "../support/outbox-stack.ts";
import { finishTry, startOutboxDb, type OutboxDb, type TryOutcome } from "../support/outbox-db.ts";

const ALERT_AFTER = 3;
const CHANNEL = "avisos_responses/crm";
let outbox: OutboxDb;

beforeAll(async () => {
  outbox = await startOutboxDb(outboxSurvey({ owner: "dona@example.com", attempts: 50, alertAfter: ALERT_AFTER, webhooks: [{ name: "crm", url: "https://example.com/hook" }] }), 10);
}, 180_000);
afterAll(() => outbox?.close());

/** A fresh channel and `count` events of it, each claimed once (try 1). */
async function claimedEvents(count: number): Promise<string[]> {
  await outbox.db.query("delete from outbox.log; delete from outbox.events; update outbox.channels set state = 'ok', failures_in_row = 0, owner_told = false, paused_until = null");
  const rows = await outbox.db.query<{ id: string }>(
    "insert into outbox.events (channel, survey_table, attempts, next_attempt_at, lease_until) select $1, 'avisos_responses', 1, now() + interval '1 minute', now() + interval '1 minute' from generate_series(1, $2) returning id::text",
    [CHANNEL, count],
  );
  return rows.map(({ id }) => id);
}

/** One worker's finishes, one after another, each in a transaction held open for up to 5 ms. */
async function worker(client: pg.Client, tries: { id: string; outcome: TryOutcome }[], random: () => number) {
  for (const { id, outcome } of tries) {
    await client.query("begin");
    await finishTry(client, { id, attempt: 1 }, outcome);
    await client.query("select pg_sleep($1)", [random() * 0.005]);
    await client.query("commit");
  }
}

/** The alerts the docs promise for outcomes in the order the channel took them: one when an outage reaches alertAfter failures or a 410. */
function expectedAlerts(outcomes: { ok: boolean; http_status: number | null }[]) {
  let told = false;
  let inRow = 0;
  let alerts = 0;
  for (const { ok, http_status } of outcomes) {
    if (ok) [told, inRow] = [false, 0];
    else if (++inRow >= ALERT_AFTER || http_status === 410) [alerts, told] = [alerts + (told ? 0 : 1), true];
  }
  return { alerts, told, inRow };
}

const alertEvents = async () => (await outbox.db.query<{ detail: { failures: number; stopped: boolean } }>("select detail from outbox.events where channel = 'avisos_responses/owner'")).map(({ detail }) => detail);

/** A small seeded generator (mulberry32), so that a failing round can be run again from its seed. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the owner's alert under concurrent finishes (PostgreSQL, several connections)", () => {
  test("ten failures of one channel finishing together queue exactly one alert", async () => {
    const ids = await claimedEvents(10);
    const random = seeded(10);
    await Promise.all(ids.map((id, i) => worker(outbox.clients[i]!, [{ id, outcome: { ok: false, httpStatus: 500 } }], random)));
    expect(await alertEvents()).toEqual([{ channel: "crm", kind: "webhook", failures: ALERT_AFTER, error: "HTTP 500", httpStatus: 500, stopped: false }]);
    const [channel] = await outbox.db.query("select failures_in_row, owner_told, state from outbox.channels where id = $1", [CHANNEL]);
    expect(channel).toEqual({ failures_in_row: 10, owner_told: true, state: "failing" });
  });

  test("100 random interleavings of failures, successes and 410s across 3 workers: one alert per outage, the channel's count right", async () => {
    for (let round = 0; round < 100; round++) {
      const random = seeded(1000 + round);
      const count = 4 + Math.floor(random() * 9);
      const ids = await claimedEvents(count);
      const outcomes = ids.map((id) => {
        const roll = random();
        return { id, outcome: roll < 0.2 ? { ok: true, httpStatus: 204 } : roll < 0.35 ? { ok: false, httpStatus: 410, gone: true } : { ok: false, httpStatus: 500 } };
      });
      await Promise.all([0, 1, 2].map((w) => worker(outbox.clients[w]!, outcomes.filter((_, i) => i % 3 === w), random)));
      // finish logs each try under the channel's lock, so the log's order is the order the channel took them in.
      const taken = await outbox.db.query<{ ok: boolean; http_status: number | null }>("select ok, http_status from outbox.log where channel = $1 order by id", [CHANNEL]);
      expect(taken, `round ${round}`).toHaveLength(count);
      const expected = expectedAlerts(taken);
      expect((await alertEvents()).length, `round ${round}: alerts for ${JSON.stringify(taken.map(({ ok, http_status }) => (ok ? "ok" : http_status)))}`).toBe(expected.alerts);
      const [channel] = await outbox.db.query<{ failures_in_row: number; owner_told: boolean }>("select failures_in_row, owner_told from outbox.channels where id = $1", [CHANNEL]);
      expect(channel, `round ${round}`).toEqual({ failures_in_row: expected.inRow, owner_told: expected.told });
    }
  }, 120_000);
});
