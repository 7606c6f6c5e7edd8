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
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { Database, Migration } from "./database.ts";
import { HOST } from "./ports.ts";
import { AUTHENTICATOR_PASSWORD } from "./roles.ts";

/** pglite-socket's limit; PostgREST uses one, the rest leaves room for psql and reconnects. */
const MAX_CONNECTIONS = 4;

interface PgError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

/** The Postgres error with its code, the line it points at, and any detail or hint. */
function describe(error: PgError, sql: string): string {
  const parts = [error.code ? `${error.message} (SQLSTATE ${error.code})` : error.message];
  if (error.position) {
    const line = sql.slice(0, Number(error.position)).split("\n").length;
    parts.push(`at line ${line}`);
  }
  if (error.detail) parts.push(`DETAIL: ${error.detail}`);
  if (error.hint) parts.push(`HINT: ${error.hint}`);
  return parts.join("\n");
}

/** Opens PGlite on `dataDir` (null = in memory) and serves it on a free local port. */
export async function openPglite(dataDir: string | null, port = 0): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pgcrypto, as on Supabase: one response per person and the bot check sign with it (scripts/sql/once-sql.ts).
  const db = await PGlite.create(dataDir ?? "memory://", { extensions: { pgcrypto } });
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
        throw new Error(describe(error as PgError, sql), { cause: error });
      } finally {
        // A migration's session-level SET would otherwise stick to the one session
        // PostgREST shares. DISCARD ALL cannot run inside a transaction block.
        await db.exec("discard all");
      }
    },
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
