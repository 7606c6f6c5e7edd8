/**
 * The campaign in the database, on PGlite and on a real PostgreSQL: the
 * public role cannot insert before opensAt or from closesAt on, and
 * maxResponses holds under concurrent inserts (each in its own session on
 * PostgreSQL), each refusal with its own SQLSTATE; the count stays out of
 * the public key's reach. At the very instant of closesAt the survey is
 * closed, at that of opensAt open. A TRUNCATE empties the count.
 */
import { versionedRows } from "../support/versioned-rows.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { emptyDbState } from "../../scripts/sql/migration-state.ts";
import { planMigrations } from "../../scripts/sql/plan-migrations.ts";
import { BACKENDS, type SqlBackend } from "../support/sql-backends.ts";
import { tinySurvey } from "../support/tiny-survey.ts";

const poll = (table: string, campaign: Partial<SurveyConfig>): SurveyConfig => ({
  ...tinySurvey({ questions: [{ id: "nota", type: "text", title: "¿Algo?", emoji: "💬", required: false }] }),
  id: table.replaceAll("_", "-"),
  table,
  ...campaign,
});

const SURVEYS = [
  poll("closed_poll", { opensAt: "2025-01-01T00:00:00-03:00", closesAt: "2026-01-01T00:00:00-03:00" }),
  poll("future_poll", { opensAt: "2099-01-01T00:00:00Z" }),
  poll("small_poll", { maxResponses: 3 }),
  poll("open_poll", { closesAt: "2099-01-01T00:00:00Z", maxResponses: 100 }),
  poll("closing_poll", { closesAt: "2099-01-01T00:00:00Z" }),
  poll("opening_poll", { opensAt: "2000-01-01T00:00:00Z" }),
];

const stamp = versionedRows(SURVEYS);
const INSERT = (table: string) => `insert into public.${table} (id, nota, definition_version) values (gen_random_uuid(), 'hola', '${stamp(table, {}).definition_version}')`;
const outcome = (attempt: Promise<void>) => attempt.then(() => "stored", (error: { code?: string }) => error.code ?? String(error));

/** One anon insert in its own session (PostgreSQL) or queued on the one PGlite session. */
async function concurrentInserts(db: SqlBackend, table: string, count: number): Promise<string[]> {
  if (!db.url) return Promise.all(Array.from({ length: count }, () => outcome(db.asRole("anon", INSERT(table)))));
  const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: db.url! }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    return await Promise.all(clients.map((client) => outcome(client.query(`begin; set local role anon; ${INSERT(table)}; commit;`).then(() => undefined, async (error) => {
      await client.query("rollback");
      throw error;
    }))));
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * In one transaction: the window's edge moved to now() (the transaction's
 * time, which is also the created_at the server gives the row), then the
 * anon insert. `set local role none` is the session's own role, allowed to
 * move the edge; the DO block switches to anon for the insert.
 */
const insertAtEdge = (db: SqlBackend, table: string, edge: "opens_at" | "closes_at") =>
  outcome(
    db.asRole(
      "none",
      `do $$ begin
        update survey_private.campaigns set ${edge} = now() where survey_table = '${table}';
        set local role anon;
        ${INSERT(table)};
      end $$`,
    ),
  );

const count = async (db: SqlBackend, table: string) => Number((await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n);

describe.each(BACKENDS)("the campaign on %s", (_, open) => {
  let db: SqlBackend;
  beforeAll(async () => {
    db = await open();
    const { migrations } = planMigrations(SURVEYS.map((config) => ({ file: `surveys/${config.id}.json`, config })), emptyDbState());
    for (const migration of migrations) await db.migrate(migration.content);
  }, 120_000);
  afterAll(() => db?.close());

  test("refuses a response after closesAt with the closed error, and one before opensAt with its own", async () => {
    await expect(db.asRole("anon", INSERT("closed_poll"))).rejects.toMatchObject({ code: CAMPAIGN_ERROR_CODES.closed, message: expect.stringContaining("this survey is closed") });
    await expect(db.asRole("anon", INSERT("future_poll"))).rejects.toMatchObject({ code: CAMPAIGN_ERROR_CODES.notYetOpen, message: expect.stringContaining("not open yet") });
    expect(await count(db, "closed_poll")).toBe(0);
  });

  test("refuses a response made at exactly closesAt as closed", async () => {
    expect(await insertAtEdge(db, "closing_poll", "closes_at")).toBe(CAMPAIGN_ERROR_CODES.closed);
    expect(await count(db, "closing_poll")).toBe(0);
  });

  test("stores a response made at exactly opensAt", async () => {
    expect(await insertAtEdge(db, "opening_poll", "opens_at")).toBe("stored");
    const atOpening = await db.query<{ n: number }>(
      "select count(*)::int as n from public.opening_poll r join survey_private.campaigns c on c.survey_table = 'opening_poll' where r.created_at = c.opens_at",
    );
    expect(atOpening[0]!.n, "the row's created_at is the opening instant itself").toBe(1);
  });

  test("stores a response inside the window; the service role may still import into a closed survey", async () => {
    expect(await outcome(db.asRole("anon", INSERT("open_poll")))).toBe("stored");
    expect(await outcome(db.asRole("service_role", INSERT("closed_poll")))).toBe("stored");
  });

  test("maxResponses 3 and 20 concurrent inserts: exactly 3 stored, 17 refused as full", async () => {
    const outcomes = await concurrentInserts(db, "small_poll", 20);
    expect(outcomes.filter((result) => result === "stored")).toHaveLength(3);
    expect(outcomes.filter((result) => result === CAMPAIGN_ERROR_CODES.full)).toHaveLength(17);
    expect(await count(db, "small_poll")).toBe(3);
  });

  test("a deleted response gives its place back", async () => {
    await db.query("delete from public.small_poll where id = (select id from public.small_poll limit 1)");
    expect(await outcome(db.asRole("anon", INSERT("small_poll")))).toBe("stored");
    expect(await outcome(db.asRole("anon", INSERT("small_poll")))).toBe(CAMPAIGN_ERROR_CODES.full);
  });

  test("after a TRUNCATE of the full table, maxResponses responses can be stored again, and no more", async () => {
    await db.query("truncate public.small_poll");
    const outcomes = [];
    for (let index = 0; index < 4; index += 1) outcomes.push(await outcome(db.asRole("anon", INSERT("small_poll"))));
    expect(outcomes).toEqual(["stored", "stored", "stored", CAMPAIGN_ERROR_CODES.full]);
  });

  test("a full survey still takes the team's own import (the service role), and the public key stays refused", async () => {
    expect(await outcome(db.asRole("anon", INSERT("small_poll")))).toBe(CAMPAIGN_ERROR_CODES.full);
    expect(await outcome(db.asRole("service_role", INSERT("small_poll")))).toBe("stored");
    expect(await count(db, "small_poll")).toBe(4);
    expect(await outcome(db.asRole("anon", INSERT("small_poll")))).toBe(CAMPAIGN_ERROR_CODES.full);
  });

  test("the public key can neither read the count nor change the limit", async () => {
    expect(await outcome(db.asRole("anon", "select responses from survey_private.campaigns"))).toBe("42501");
    expect(await outcome(db.asRole("anon", "update survey_private.campaigns set max_responses = 1000"))).toBe("42501");
  });
});
