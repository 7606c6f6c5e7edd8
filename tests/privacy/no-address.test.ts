/**
 * No client address is stored anywhere (LGPD: data minimisation): after every
 * migration of the project, and those of a survey with consent and
 * retention, no column of any schema is of an address type (inet, cidr) or
 * named for an address; the rate limit keeps only a salted hash of the
 * address, and its salt is drawn again each day.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrationsFor } from "../e2e/support/stack.ts";
import { MIGRATIONS_DIR as GENERATED_DIR } from "../../scripts/lib/codegen.ts";
import { GUARD_SCHEMA, REQUEST_COUNTS_TABLE, PRE_REQUEST_FUNCTION } from "../../scripts/sql/api-guard-sql.ts";
import { applyProjectMigrations, pgliteMigratedBackend, type SqlBackend } from "../support/sql-backends.ts";
import { join } from "node:path";
import { rmSync } from "node:fs";

/** Names that say a column holds a client's address. */
const ADDRESS_NAME = /(^|_)(ip|ips|ipv4|ipv6|ip_?addr(ess)?|remote_?addr(ess)?|client_?addr(ess)?|client_?ip|forwarded(_for)?|x_forwarded_for)(_|$)/;

let db: SqlBackend;
let fixture: string;

beforeAll(async () => {
  db = await pgliteMigratedBackend();
  fixture = await migrationsFor("tests/fixtures/surveys/privacy");
  // The fixture's tables, visit events, purge and report as well (re-applying the shared parts converges).
  await applyProjectMigrations(db, join(fixture, GENERATED_DIR));
}, 300_000);
afterAll(async () => {
  await db?.close();
  if (fixture) rmSync(fixture, { recursive: true, force: true });
});

describe("the schema scan", () => {
  test("finds no column of type inet or cidr, and none named for an address", async () => {
    const columns = await db.query<{ place: string; type: string }>(
      `select table_schema || '.' || table_name || '.' || column_name as place, udt_name as type
         from information_schema.columns
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    expect(columns.filter(({ place, type }) => ["inet", "cidr"].includes(type) || ADDRESS_NAME.test(place.split(".")[2]!))).toEqual([]);
  });

  test("the scan would see an address column if one were added", async () => {
    await db.query("create table public.scan_probe (client_ip inet)");
    const found = await db.query("select 1 from information_schema.columns where udt_name = 'inet' and table_name = 'scan_probe'");
    await db.query("drop table public.scan_probe");
    expect(found).toHaveLength(1);
    expect(ADDRESS_NAME.test("client_ip")).toBe(true);
  });
});

describe("the rate limit's address hash", () => {
  /** One write by anon from 203.0.113.7, as PostgREST runs the pre-request function. */
  async function write(): Promise<void> {
    await db.query(`select set_config('request.method', 'POST', false), set_config('request.headers', '{"x-forwarded-for": "203.0.113.7"}', false)`);
    await db.asRole("anon", `select ${PRE_REQUEST_FUNCTION}()`);
  }
  const hashes = async () => (await db.query<{ client_hash: string }>(`select distinct client_hash from ${REQUEST_COUNTS_TABLE}`)).map(({ client_hash }) => client_hash);
  const salt = async () => (await db.query<{ salt: string; salt_day: string }>(`select salt, salt_day::text from ${GUARD_SCHEMA}.settings`))[0]!;

  test("stores a hash, never the address", async () => {
    await write();
    const stored = await hashes();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.query(`select * from ${REQUEST_COUNTS_TABLE}`))).not.toContain("203.0.113.7");
  });

  test("keeps its salt within a day and draws a new one the next day, so the same address hashes differently", async () => {
    const before = await salt();
    await write();
    expect(await salt()).toEqual(before);
    // As if the salt had been drawn yesterday: the first write of today draws a new one.
    await db.query(`update ${GUARD_SCHEMA}.settings set salt_day = current_date - 1`);
    await write();
    const after = await salt();
    expect(after.salt).not.toBe(before.salt);
    expect(after.salt_day).toBe(before.salt_day);
    expect(await hashes()).toHaveLength(2);
  });
});
