// Where the data API listens and keeps its data, from options, then environment,
// then the Supabase CLI's defaults.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_MAX_BODY_BYTES } from "./gateway.ts";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_PORT = 54321;
export const DEFAULT_DATA_DIR = join(REPO_ROOT, ".data", "pglite");
export const DEFAULT_MIGRATIONS_DIR = join(REPO_ROOT, "supabase", "migrations");

export interface DataApiOptions {
  /** Gateway port; 0 = a free port. Default: env DATA_API_PORT, else 54321. */
  port?: number;
  /**
   * PGlite's Postgres wire port (psql, db:check); 0 = a free port. Default: env
   * DATA_API_DB_PORT, else the gateway port + 1 (54322, as the Supabase CLI), or 0
   * when the gateway port is 0.
   */
  dbPort?: number;
  /**
   * PGlite data directory; null = in memory. Default: env DATA_API_DATA_DIR, else
   * .data/pglite. Ignored with DATABASE_URL.
   */
  dataDir?: string | null;
  /** Default: env MIGRATIONS_DIR, else supabase/migrations. */
  migrationsDir?: string;
  /** No progress or PostgREST log output. */
  quiet?: boolean;
  /** Largest request body the gateway accepts; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** A real PostgreSQL server instead of PGlite; null = PGlite. Default: env DATABASE_URL. */
  databaseUrl?: string | null;
}

export interface ResolvedOptions {
  port: number;
  dbPort: number;
  dataDir: string | null;
  migrationsDir: string;
  quiet: boolean;
  maxBodyBytes: number;
  databaseUrl: string | null;
}

export function resolveOptions(options: DataApiOptions = {}): ResolvedOptions {
  const port = options.port ?? Number(process.env.DATA_API_PORT || DEFAULT_PORT);
  return {
    port,
    dbPort: options.dbPort ?? (process.env.DATA_API_DB_PORT ? Number(process.env.DATA_API_DB_PORT) : port === 0 ? 0 : port + 1),
    dataDir:
      options.dataDir === undefined
        ? process.env.DATA_API_DATA_DIR || DEFAULT_DATA_DIR
        : options.dataDir,
    migrationsDir: options.migrationsDir ?? (process.env.MIGRATIONS_DIR || DEFAULT_MIGRATIONS_DIR),
    quiet: options.quiet ?? false,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    databaseUrl: options.databaseUrl === undefined ? process.env.DATABASE_URL || null : options.databaseUrl,
  };
}

/** The local data API's database as db:check and psql reach it (PGlite accepts any password). */
export function localDatabaseUrl(): string {
  return `postgresql://postgres:postgres@127.0.0.1:${resolveOptions().dbPort}/postgres`;
}

/** Where the answers really go, as npm start names it: the PostgreSQL of DATABASE_URL (host and database, no password), else PGlite's data directory. */
export function storageDescription(options: Pick<ResolvedOptions, "dataDir"> = resolveOptions(), databaseUrl = process.env.DATABASE_URL): string {
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`;
  }
  return options.dataDir === null ? "PGlite in memory" : `PGlite data in ${resolve(options.dataDir)}`;
}
