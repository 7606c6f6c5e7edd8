// The local data API: PostgreSQL (embedded PGlite, or DATABASE_URL), the roles and
// migrations a Supabase project has, PostgREST, and a gateway at /rest/v1.
import type { Database, Migration } from "./database.ts";
import { startGateway } from "./gateway.ts";
import { ANON_KEY, SERVICE_ROLE_KEY } from "./keys.ts";
import { applyMigrations } from "./migrations.ts";
import { startPostgrest, type Postgrest } from "./postgrest.ts";
import { resolveOptions, type DataApiOptions } from "./options.ts";
import { onShutdown } from "./process-lifecycle.ts";
import { ROLES_SQL } from "./roles.ts";

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
  /** Stops everything; safe to call more than once. */
  stop(): Promise<void>;
  /** Stops PostgREST only: the gateway then answers 503 (for fault tests). */
  stopPostgrest(): Promise<void>;
  startPostgrest(): Promise<void>;
  /** Applies new migration files; a running PostgREST is restarted to see the new schema. */
  migrate(): Promise<Migration[]>;
}

async function openDatabase(dataDir: string | null, dbPort: number): Promise<Database> {
  // Imported lazily: loading PGlite's WASM is wasted work with DATABASE_URL.
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return (await import("./psql-database.ts")).openPsql(databaseUrl);
  return (await import("./pglite-database.ts")).openPglite(dataDir, dbPort);
}

export async function startDataApi(options: DataApiOptions = {}): Promise<DataApi> {
  const { port, dbPort, dataDir, migrationsDir, quiet } = resolveOptions(options);
  const log = quiet ? () => {} : (message: string) => console.log(`[data-api] ${message}`);

  let postgrest: Postgrest | null = null;
  // The gateway comes first so that a taken port fails before any slow work.
  const gateway = await startGateway(port, () => postgrest?.port ?? null);
  let db: Database | undefined;
  try {
    db = await openDatabase(dataDir, dbPort);
    await db.exec(ROLES_SQL);
    await applyMigrations(db, migrationsDir, log);
    postgrest = await startPostgrest(db, quiet);
  } catch (error) {
    await gateway.close();
    await db?.close();
    throw error;
  }
  const database = db;

  // Lifecycle calls run one at a time, so that e.g. stop() during startPostgrest()
  // cannot leave a PostgREST behind.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };
  const stopPostgrest = async () => {
    const running = postgrest;
    postgrest = null;
    await running?.stop();
  };
  const startPostgrestIfStopped = async () => {
    postgrest ??= await startPostgrest(database, quiet);
  };

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= serially(async () => {
      unregister();
      await gateway.close();
      await stopPostgrest();
      await database.close();
    }));
  const unregister = onShutdown(stop);

  log(`Ready at ${gateway.url}`);
  return {
    url: gateway.url,
    restUrl: `${gateway.url}/rest/v1`,
    dbUrl: database.displayUrl,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    stop,
    stopPostgrest: () => serially(stopPostgrest),
    startPostgrest: () => serially(startPostgrestIfStopped),
    migrate: () =>
      serially(async () => {
        // PostgREST must be off the PGlite session while migrations run in it.
        const wasRunning = postgrest !== null;
        await stopPostgrest();
        try {
          return await applyMigrations(database, migrationsDir, log);
        } finally {
          if (wasRunning) await startPostgrestIfStopped();
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
