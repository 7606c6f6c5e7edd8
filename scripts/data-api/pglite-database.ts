// PGlite (Postgres compiled to WASM) served on the Postgres wire protocol, so that
// the unmodified PostgREST binary can connect to it.
//
// PGlite quirks this file and postgrest.ts account for (PGlite 0.5, pglite-socket 0.2):
// - It is a single Postgres session. pglite-socket multiplexes wire connections onto
//   it, so session state (SET, SET ROLE, prepared statements, LISTEN) is shared by
//   every connection. PostgREST only uses transaction-local settings, which is safe.
// - The startup user and password are ignored: every connection is the superuser
//   `postgres`. PostgREST's per-request `SET LOCAL ROLE anon` still makes the
//   permission and RLS checks those of the API role.
import { mkdir, readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { describePostgresError, type Database, type Migration, type PostgresError } from "./database.ts";
import { applyMigrations, setupInputs } from "./migrations.ts";
import { pgliteFromSnapshot, pgliteOnDisk, pgliteWithRoles } from "./pglite-snapshot.ts";
import { HOST } from "./ports.ts";
import { AUTHENTICATOR_PASSWORD } from "./roles.ts";

/** pglite-socket's limit; PostgREST uses one, the rest leaves room for psql and reconnects. */
const MAX_CONNECTIONS = 4;

type Session = Pick<Database, "exec" | "appliedVersions" | "applyMigration">;

/** What the setup and the migrations need of the database: statements run in PGlite's one session. */
function sessionOf(db: PGlite): Session {
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    async appliedVersions() {
      const result = await db.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations",
      );
      return new Set(result.rows.map((row) => row.version));
    },
    async applyMigration(migration: Migration) {
      const sql = await readFile(migration.path, "utf8");
      try {
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query(
            "insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)",
            [migration.version, migration.name],
          );
        });
      } catch (error) {
        throw new Error(describePostgresError(error as PostgresError, sql), { cause: error });
      } finally {
        // A migration's session-level SET would otherwise stick to the one session
        // PostgREST shares. DISCARD ALL cannot run inside a transaction block.
        await db.exec("discard all");
      }
    },
  };
}

/**
 * An in-memory database with the roles and every migration in `migrationsDir`,
 * restored from the snapshot of that same setup when an earlier start saved one
 * (pglite-snapshot.ts): the test suite starts dozens of these.
 */
function migratedInMemory(migrationsDir: string): Promise<PGlite> {
  // A set of migrations seen for the first time starts from the roles' snapshot, which every set shares.
  return pgliteFromSnapshot(
    setupInputs(migrationsDir),
    async (db) => {
      const session = sessionOf(db);
      await applyMigrations(session, migrationsDir, () => {});
      // PGlite runs no autovacuum: without statistics the planner sorts every visit
      // event for each page the report reads (seconds per page at 500,000 events).
      await session.exec("analyze");
    },
    pgliteWithRoles,
  );
}

/**
 * Opens PGlite on `dataDir` (null = in memory, with the roles and the migrations of
 * `migrationsDir` already applied) and serves it on a free local port.
 */
export async function openPglite(dataDir: string | null, port: number, migrationsDir: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // A new data directory on disk starts as the in-memory setup's snapshot; the start then finds every migration recorded.
  const db = dataDir ? await pgliteOnDisk(dataDir, setupInputs(migrationsDir), () => migratedInMemory(migrationsDir)) : await migratedInMemory(migrationsDir);
  const server = new PGLiteSocketServer({
    db,
    host: HOST,
    port,
    maxConnections: MAX_CONNECTIONS,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const address = `${server.getServerConn()}/postgres?sslmode=disable`;

  return {
    postgrestUri: `postgres://authenticator:${AUTHENTICATOR_PASSWORD}@${address}`,
    displayUrl: `postgresql://postgres:postgres@${address}`,
    embedded: true,
    async postgrestSettings() {
      // Every connection is the superuser here, so PostgREST's own query for the
      // authenticator's in-database configuration finds nothing: read it for it.
      const result = await db.query<{ name: string; value: string }>(
        `select split_part(setting, '=', 1) as name, substr(setting, strpos(setting, '=') + 1) as value
           from pg_db_role_setting, unnest(setconfig) as setting
          where setrole = (select oid from pg_roles where rolname = 'authenticator') and setting like 'pgrst.%'`,
      );
      return Object.fromEntries(
        result.rows.map(({ name, value }) => [`PGRST_${name.slice("pgrst.".length).toUpperCase()}`, value]),
      );
    },
    ...sessionOf(db),
    async value(sql) {
      const [first] = (await db.query<Record<string, unknown>>(sql)).rows;
      const found = first && Object.values(first)[0];
      return found === undefined || found === null || found === "" ? null : String(found);
    },
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
