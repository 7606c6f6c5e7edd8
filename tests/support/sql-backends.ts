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
import type { PGlite } from "@electric-sql/pglite";
import { pgliteFromSnapshot, pgliteWithRoles } from "../../scripts/data-api/pglite-snapshot.ts";
import { ROLES_SQL } from "../../scripts/data-api/roles.ts";
import { startPostgresServer, type PreparedCluster } from "../../scripts/bench/postgres-server.ts";
import { onTestedDatabases } from "./databases.ts";

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

const migrationNames = (dir: string) => readdirSync(dir).filter((file) => file.endsWith(".sql")).sort();

/** Applies every migration of the project; resolves with all notices. */
export async function applyProjectMigrations(db: SqlBackend, dir = MIGRATIONS_DIR): Promise<string[]> {
  const notices: string[] = [];
  for (const name of migrationNames(dir)) {
    notices.push(...(await db.migrate(readFileSync(join(dir, name), "utf8"))));
  }
  return notices;
}

export async function pgliteBackend(): Promise<SqlBackend> {
  // Restored from a snapshot after the first: initdb in WebAssembly is most of a new PGlite's cost.
  return pgliteSession(await pgliteWithRoles());
}

/** What a database migrated here is named by (a PGlite snapshot, a PostgreSQL template): the roles, how, each migration's name and text. */
const migratedInputs = (migrations: { name: string; sql: string }[]) => [ROLES_SQL, "sql-backends: each migration in a transaction", ...migrations.flatMap(({ name, sql }) => [name, sql])];

const readMigrations = (dir: string) => migrationNames(dir).map((name) => ({ name, sql: readFileSync(join(dir, name), "utf8") }));

/**
 * PGlite with the roles and every migration of `dir` applied as `migrate` applies them, each in a
 * transaction. Applying the shipped history's 80 migrations in WebAssembly is about 5 s of CPU, and a
 * dozen tests start from it (often with a few files of their own after it): when `dir` begins with
 * the shipped migrations, those come from a snapshot of that same setup after the first time, and
 * only the rest are applied. The snapshot is named by each file's name and text (pglite-snapshot.ts),
 * so a changed migration is applied for real again. A test of what applying prints applies with
 * applyProjectMigrations.
 */
export async function pgliteMigratedBackend(dir = MIGRATIONS_DIR): Promise<SqlBackend> {
  const [shipped, wanted] = [readMigrations(MIGRATIONS_DIR), readMigrations(dir)];
  const base = shipped.every((migration, i) => wanted[i]?.name === migration.name && wanted[i]?.sql === migration.sql) ? shipped : [];
  const inputs = migratedInputs(base);
  const db = pgliteSession(
    await pgliteFromSnapshot(
      inputs,
      async (fresh) => {
        for (const { sql } of base) await fresh.transaction((tx) => tx.exec(sql));
      },
      pgliteWithRoles,
    ),
  );
  for (const { sql } of wanted.slice(base.length)) await db.migrate(sql);
  return db;
}

/**
 * A backend with the migrations of `dir` applied: PGlite restored from its snapshot, PostgreSQL from a
 * template cluster that the first start with the same files migrated file by file, each in a transaction.
 */
export async function migratedBackend(name: (typeof BACKENDS)[number][0], dir = MIGRATIONS_DIR): Promise<SqlBackend> {
  if (name === "PGlite") return pgliteMigratedBackend(dir);
  const migrations = readMigrations(dir);
  const prepare = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(ROLES_SQL);
      for (const { sql } of migrations) await client.query(`begin;\n${sql}\n;commit;`);
    } finally {
      await client.end();
    }
  };
  return postgresBackend({ prepared: { inputs: migratedInputs(migrations), prepare } });
}

function pgliteSession(db: PGlite): SqlBackend {
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

/** `prepared`: a setup the server starts with, kept as a template after its first run (postgres-server.ts). */
export async function postgresBackend({ maxConnections = 100, prepared }: { maxConnections?: number; prepared?: PreparedCluster } = {}): Promise<SqlBackend> {
  const server = await startPostgresServer({ maxConnections, prepared });
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

/** The two databases, each with how to open it: those this run tests (databases.ts). */
export const BACKENDS = onTestedDatabases([
  ["PGlite", pgliteBackend],
  ["PostgreSQL", postgresBackend],
] as const);
