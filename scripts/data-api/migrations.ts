// Applies supabase/migrations/*.sql the way `supabase db push` does: in file name
// order, each once, each in its own transaction, recorded in
// supabase_migrations.schema_migrations.
import { readdirSync, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { MIGRATIONS_TABLE_SQL, type Database, type Migration } from "./database.ts";
import { ROLES_SQL } from "./roles.ts";

/** The Supabase CLI's pattern; it skips files that do not match. */
const CLI_FILE_NAME = /^(\d+)_(.*)\.sql$/;

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`Migration ${file} failed:\n${detail}`);
    this.name = "MigrationError";
  }
}

/** The migrations in `dir`, sorted; a missing directory has none. */
async function listMigrations(dir: string, warn: (message: string) => void): Promise<Migration[]> {
  const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const migrations = files
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const match = CLI_FILE_NAME.exec(file);
      if (match?.[1] !== undefined && match[2] !== undefined) {
        return { file, path: join(dir, file), version: match[1], name: match[2] };
      }
      // Applied anyway, so local work is not silently missing a file, but a hosted
      // project would never get it: say so.
      warn(
        `Migration ${file} does not match <timestamp>_<name>.sql; supabase db push would skip it.`,
      );
      const stem = basename(file, ".sql");
      return { file, path: join(dir, file), version: stem, name: stem };
    });
  const seen = new Map<string, string>();
  for (const migration of migrations) {
    const other = seen.get(migration.version);
    if (other)
      throw new MigrationError(migration.file, `same version ${migration.version} as ${other}`);
    seen.set(migration.version, migration.file);
  }
  return migrations;
}

/** Applies the migrations in `dir` not yet recorded; returns those it applied. */
export async function applyMigrations(
  db: Pick<Database, "exec" | "appliedVersions" | "applyMigration">,
  dir: string,
  log: (message: string) => void,
): Promise<Migration[]> {
  const migrations = await listMigrations(dir, log);
  await db.exec(MIGRATIONS_TABLE_SQL);
  const applied = await db.appliedVersions();
  const pending = migrations.filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    try {
      await db.applyMigration(migration);
    } catch (error) {
      throw new MigrationError(migration.file, (error as Error).message);
    }
    log(`Applied migration ${migration.file}`);
  }
  log(
    `Migrations: ${pending.length} applied, ${migrations.length - pending.length} already applied (${dir})`,
  );
  return pending;
}

/** What a start applies before PostgREST: the API roles, then the migrations of `dir` not yet recorded. */
export async function applySetup(db: Pick<Database, "exec" | "appliedVersions" | "applyMigration">, dir: string, log: (message: string) => void): Promise<Migration[]> {
  await db.exec(ROLES_SQL);
  return applyMigrations(db, dir, log);
}

/** What that setup is named by, for a saved copy of it (a PGlite snapshot, a PostgreSQL template): the roles' text, each migration file's name and text. */
export function setupInputs(dir: string): string[] {
  const files = (() => {
    try {
      return readdirSync(dir).filter((file) => file.endsWith(".sql")).sort();
    } catch {
      return [];
    }
  })();
  return [ROLES_SQL, MIGRATIONS_TABLE_SQL, ...files.flatMap((file) => [file, readFileSync(join(dir, file), "utf8")])];
}
