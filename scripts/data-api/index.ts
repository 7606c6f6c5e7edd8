// The local data API: PostgreSQL (embedded PGlite, or DATABASE_URL), the roles and
// migrations a Supabase project has, PostgREST, and a gateway at /rest/v1.
import { lockDataDir, type DataDirLock } from "./data-dir-lock.ts";
import type { Database, Migration } from "./database.ts";
import { startGateway } from "./gateway.ts";
import { ANON_KEY, SERVICE_ROLE_KEY } from "./keys.ts";
import { applyMigrations, applySetup } from "./migrations.ts";
import { startDatabaseJobs } from "./database-jobs.ts";
import { supervisePostgrest, type PostgrestSupervisor } from "./postgrest-supervisor.ts";
import { resolveOptions, type DataApiOptions } from "./options.ts";
import { onShutdown } from "./process-lifecycle.ts";

export { DataDirInUseError, runningDataApiUrl } from "./data-dir-lock.ts";
export { DEFAULT_MAX_BODY_BYTES } from "./gateway.ts";
export { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from "./keys.ts";
export { MigrationError } from "./migrations.ts";
export {
  DEFAULT_DATA_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_PORT,
  type DataApiOptions,
} from "./options.ts";
export { PortInUseError } from "./ports.ts";

export interface DataApi {
  /** Gateway URL, what supabase-js's createClient takes, e.g. http://127.0.0.1:54321. */
  readonly url: string;
  readonly restUrl: string;
  /** Postgres wire URL, for psql. */
  readonly dbUrl: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** PostgREST's process id; null while it is stopped or being restarted. */
  postgrestPid(): number | null;
  /** Stops everything; safe to call more than once. */
  stop(): Promise<void>;
  /** Stops PostgREST only, with no restart: the gateway then answers 503 (for fault tests). */
  stopPostgrest(): Promise<void>;
  startPostgrest(): Promise<void>;
  /** Applies new migration files; a running PostgREST is restarted to see the new schema. */
  migrate(): Promise<Migration[]>;
}

async function openDatabase(databaseUrl: string | null, dataDir: string | null, dbPort: number, migrationsDir: string): Promise<Database> {
  // Imported lazily: loading PGlite's WASM is wasted work with a real PostgreSQL.
  if (databaseUrl) return (await import("./postgres-database.ts")).openPostgres(databaseUrl);
  return (await import("./pglite-database.ts")).openPglite(dataDir, dbPort, migrationsDir);
}

export async function startDataApi(options: DataApiOptions = {}): Promise<DataApi> {
  const { port, dbPort, dataDir, migrationsDir, quiet, maxBodyBytes, databaseUrl } = resolveOptions(options);
  const log = quiet ? () => {} : (message: string) => console.log(`[data-api] ${message}`);
  const warn = quiet ? () => {} : (message: string) => console.error(`[data-api] ${message}`);

  // Lifecycle work (start, stop, migrate, a crashed PostgREST's restart) runs one
  // task at a time, so that e.g. stop() during a restart cannot leave a PostgREST behind.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  let postgrest: PostgrestSupervisor | undefined;
  // The gateway comes first so that a taken port fails before any slow work.
  const gateway = await startGateway(port, {
    upstreamPort: () => postgrest?.port() ?? null,
    apiKeys: [ANON_KEY, SERVICE_ROLE_KEY],
    maxBodyBytes,
  });
  const embeddedDataDir = databaseUrl ? null : dataDir;
  let lock: DataDirLock | undefined;
  let db: Database | undefined;
  let jobs: { stop(): Promise<void> } | undefined;
  try {
    if (embeddedDataDir) lock = await lockDataDir(embeddedDataDir, gateway.url);
    db = await openDatabase(databaseUrl, dataDir, dbPort, migrationsDir);
    await applySetup(db, migrationsDir, log);
    // Expired rows (the surveys' retention) go before anyone reads them; the fold of the tallies' inbox
    // starts beside PostgREST, never before it (a backlog may take minutes); pg_cron's other jobs run from here too.
    jobs = await startDatabaseJobs(db, warn);
    // PGlite runs no autovacuum: without statistics the planner sorts every visit
    // event for each page the report reads (seconds per page at 500,000 events).
    // An in-memory database is a snapshot analysed when it was made (pglite-database.ts), with nothing added since.
    if (embeddedDataDir) await db.exec("analyze");
    postgrest = supervisePostgrest(db, { quiet, log, warn, serially });
    await postgrest.start();
  } catch (error) {
    await jobs?.stop();
    await gateway.close();
    await postgrest?.stop();
    await db?.close();
    await lock?.release();
    throw error;
  }
  const database = db;
  const supervisor = postgrest;
  const databaseJobs = jobs;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= serially(async () => {
      unregister();
      await databaseJobs.stop();
      await gateway.close();
      await supervisor.stop();
      await database.close();
      // Only once PGlite has written everything may another process open the files.
      await lock?.release();
    }));
  const unregister = onShutdown(stop);

  log(`Ready at ${gateway.url} (pid ${process.pid})`);
  return {
    url: gateway.url,
    restUrl: `${gateway.url}/rest/v1`,
    dbUrl: database.displayUrl,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    postgrestPid: () => supervisor.pid(),
    stop,
    stopPostgrest: () => serially(() => supervisor.stop()),
    startPostgrest: () => serially(() => supervisor.start()),
    migrate: () =>
      serially(async () => {
        // PostgREST must be off the PGlite session while migrations run in it.
        const wasRunning = supervisor.wanted();
        await supervisor.stop();
        try {
          return await applyMigrations(database, migrationsDir, log);
        } finally {
          if (wasRunning) await supervisor.start();
        }
      }),
  };
}

/** Starts the data API, runs `fn` with it, and stops it however `fn` ends. */
export async function withDataApi<T>(
  fn: (api: DataApi) => Promise<T>,
  options?: DataApiOptions,
): Promise<T> {
  const api = await startDataApi(options);
  try {
    return await fn(api);
  } finally {
    await api.stop();
  }
}
