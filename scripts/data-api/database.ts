// What the data API needs from PostgreSQL, implemented by the embedded PGlite
// (pglite-database.ts) and by a real server (postgres-database.ts), so that the
// setup and migration code is written once.

export interface Migration {
  /** File name, e.g. 20240101000000_create_responses.sql. */
  readonly file: string;
  readonly path: string;
  /** Key in supabase_migrations.schema_migrations: the leading timestamp. */
  readonly version: string;
  readonly name: string;
}

export interface Database {
  /** Connection string PostgREST uses, as the `authenticator` role. */
  readonly postgrestUri: string;
  /** Wire-protocol URL for humans (psql), printed by the CLI. */
  readonly displayUrl: string;
  /**
   * True for PGlite: one Postgres session shared by every wire connection, so
   * PostgREST must use one connection, no prepared statements and no LISTEN.
   */
  readonly embedded: boolean;
  /**
   * PostgREST settings to pass as environment variables: the in-database
   * configuration (`alter role authenticator set pgrst.… = …`) that PostgREST
   * cannot read by itself here. Empty where PostgREST reads it itself.
   */
  postgrestSettings(): Promise<Record<string, string>>;
  /** Runs one or more statements. */
  exec(sql: string): Promise<void>;
  /** Runs one single-column query, in a transaction of its own; resolves with its first row's value as text (null for no row, a null or an empty text). */
  value(sql: string): Promise<string | null>;
  /** Versions recorded in supabase_migrations.schema_migrations. */
  appliedVersions(): Promise<Set<string>>;
  /** Runs the migration's SQL and records it, in one transaction. */
  applyMigration(migration: Migration): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_TABLE_SQL = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);
`;

/** The fields of an error PostgreSQL sent, as PGlite and node-postgres both give them. */
export interface PostgresError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
}

/** The Postgres error with its code, the line it points at, and any detail or hint. */
export function describePostgresError(error: PostgresError, sql: string): string {
  const parts = [error.code ? `${error.message} (SQLSTATE ${error.code})` : error.message];
  if (error.position) {
    const line = sql.slice(0, Number(error.position)).split("\n").length;
    parts.push(`at line ${line}`);
  }
  if (error.detail) parts.push(`DETAIL: ${error.detail}`);
  if (error.hint) parts.push(`HINT: ${error.hint}`);
  return parts.join("\n");
}
