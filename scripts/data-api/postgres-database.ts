// A real PostgreSQL server named by DATABASE_URL, reached with node-postgres; PostgREST
// then connects to the same server as `authenticator`.
//
// A pool of a few sessions, not a psql process per statement: applying the project's
// 80-odd migrations with one psql each cost about 7 s of CPU and 7 s of wall time per
// start (a process, a connection and a cold server session per file), with one session
// about a second. A pool, not one session, because the scheduled jobs (database-jobs.ts)
// run beside a migration's transaction and must not land inside it.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { describePostgresError, type Database, type Migration, type PostgresError } from "./database.ts";
import { applySetup, setupInputs } from "./migrations.ts";
import { AUTHENTICATOR_PASSWORD } from "./roles.ts";

/** As psql's PGCONNECT_TIMEOUT was: fail fast instead of hanging on an unreachable host. */
const CONNECT_TIMEOUT_MS = 10_000;

// Every value as the server's text, as psql printed it (value() is text whatever the column's type).
const asText = { getTypeParser: () => (text: string) => text } as unknown as pg.CustomTypesConfig;

export async function openPostgres(databaseUrl: string): Promise<Database> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error("DATABASE_URL must be a URL such as postgresql://user:password@host:5432/dbname");
  }
  const displayUrl = new URL(url);
  if (displayUrl.password) displayUrl.password = "****";
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types: asText });
  // A session the server ended while idle (a restart, a stop): the next statement opens a new one.
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end();
    throw new Error(`cannot reach the database at ${displayUrl} (DATABASE_URL): ${(error as Error).message}`, { cause: error });
  }

  const postgrestUrl = new URL(url);
  postgrestUrl.username = "authenticator";
  postgrestUrl.password = AUTHENTICATOR_PASSWORD;

  return {
    postgrestUri: postgrestUrl.toString(),
    displayUrl: displayUrl.toString(),
    embedded: false,
    // PostgREST logs in as authenticator and reads that role's settings itself.
    postgrestSettings: async () => ({}),
    async exec(sql) {
      await pool.query(sql);
    },
    async value(sql) {
      const [first] = (await pool.query<unknown[]>({ text: sql, rowMode: "array" })).rows;
      const found = first?.[0];
      return found === undefined || found === null || found === "" ? null : String(found);
    },
    async appliedVersions() {
      const { rows } = await pool.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
      return new Set(rows.map((row) => row.version));
    },
    async applyMigration(migration: Migration) {
      const sql = await readFile(migration.path, "utf8");
      const session = await pool.connect();
      let broken = false;
      try {
        await session.query("begin");
        await session.query(sql);
        await session.query("insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)", [migration.version, migration.name]);
        await session.query("commit");
      } catch (error) {
        await session.query("rollback").catch(() => (broken = true));
        throw new Error(describePostgresError(error as PostgresError, sql), { cause: error });
      } finally {
        // A migration's session-level SET must not follow the session back into the pool.
        if (!broken) await session.query("discard all").catch(() => (broken = true));
        session.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * What a start on a new server applies before PostgREST (the roles, every migration of `migrationsDir`),
 * as a setup a throw-away test server keeps as its template (scripts/bench/postgres-server.ts): a data API
 * started on it then finds every migration recorded.
 */
export function dataApiSetup(migrationsDir: string): { inputs: string[]; prepare(url: string): Promise<void> } {
  return {
    inputs: setupInputs(migrationsDir),
    async prepare(url) {
      const db = await openPostgres(url);
      try {
        await applySetup(db, migrationsDir, () => {});
      } finally {
        await db.close();
      }
    },
  };
}
