/**
 * The two PostgreSQLs the generated SQL must work on, behind one small
 * interface: PGlite (the local data API's database) and a real PostgreSQL
 * server (what a Supabase project runs). Both start with the roles a
 * Supabase project has and its default privileges (ROLES_SQL), and apply
 * migrations as `supabase db push` does: in order, each in a transaction.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { pgliteWithRoles } from "../../scripts/data-api/pglite-snapshot.ts";
import { ROLES_SQL } from "../../scripts/data-api/roles.ts";
import { startPostgresServer } from "../../scripts/bench/postgres-server.ts";

export interface SqlBackend {
  readonly name: string;
  /** Connection URL for tools (null for the in-process PGlite). */
  readonly url: string | null;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `sql` in a transaction as `role` (as PostgREST does per request); rejects with the database error. */
  asRole(role: string, sql: string, params?: unknown[]): Promise<void>;
  /** Runs a migration file's SQL in one transaction; resolves with the notices it raised. */
  migrate(sql: string): Promise<string[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(import.meta.dirname, "../../supabase/migrations");

/** Applies every migration of the project; resolves with all notices. */
export async function applyProjectMigrations(db: SqlBackend, dir = MIGRATIONS_DIR): Promise<string[]> {
  const notices: string[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".sql")).sort()) {
    notices.push(...(await db.migrate(readFileSync(join(dir, name), "utf8"))));
  }
  return notices;
}

export async function pgliteBackend(): Promise<SqlBackend> {
  // Restored from a snapshot after the first: initdb in WebAssembly is most of a new PGlite's cost.
  const db = await pgliteWithRoles();
  return {
    name: "PGlite",
    url: null,
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    asRole: async (role, sql, params) => {
      await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        await tx.query(sql, params);
      });
    },
    migrate: async (sql) => {
      const notices: string[] = [];
      await db.transaction(async (tx) => {
        await tx.exec(sql, { onNotice: (notice) => notices.push(notice.message ?? "") });
      });
      return notices;
    },
    close: () => db.close(),
  };
}

export async function postgresBackend({ maxConnections = 100 } = {}): Promise<SqlBackend> {
  const server = await startPostgresServer({ maxConnections });
  const client = new pg.Client({ connectionString: server.url });
  const notices: string[] = [];
  client.on("notice", (notice) => notices.push(notice.message ?? ""));
  try {
    await client.connect();
    await client.query(ROLES_SQL);
  } catch (error) {
    server.stop();
    throw error;
  }
  const inTransaction = async (run: () => Promise<unknown>) => {
    await client.query("begin");
    try {
      await run();
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  };
  return {
    name: "PostgreSQL",
    url: server.url,
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    asRole: (role, sql, params) =>
      inTransaction(async () => {
        await client.query(`set local role ${role}`);
        await client.query(sql, params);
      }),
    migrate: async (sql) => {
      notices.length = 0;
      await inTransaction(() => client.query(sql));
      return [...notices];
    },
    close: async () => {
      await client.end();
      server.stop();
    },
  };
}

export const BACKENDS = [
  ["PGlite", pgliteBackend],
  ["PostgreSQL", postgresBackend],
] as const;
