// Keeps one PostgREST running for the data API: started and stopped on request,
// and restarted with exponential backoff when it dies on its own (a crash, the
// OOM killer, a stray kill -9). Meanwhile port() is null, so the gateway answers
// 503 instead of hanging or pretending.
import type { Database } from "./database.ts";
import { startPostgrest, type Postgrest } from "./postgrest.ts";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;
/** A PostgREST that ran this long before dying starts the backoff afresh. */
const STABLE_AFTER_MS = 30_000;

export interface PostgrestSupervisor {
  /** Port of the running PostgREST; null while it is stopped or being restarted. */
  port(): number | null;
  pid(): number | null;
  /** True from start() to stop(), while a restart is pending too. */
  wanted(): boolean;
  /** Starts PostgREST unless it runs; resolves once its schema cache is loaded. */
  start(): Promise<void>;
  /** Stops PostgREST and cancels any pending restart: it stays down until start(). */
  stop(): Promise<void>;
}

export interface SupervisorOptions {
  quiet: boolean;
  log: (message: string) => void;
  warn: (message: string) => void;
  /** Runs lifecycle work one task at a time (see index.ts); restarts queue there too. */
  serially: (task: () => Promise<void>) => Promise<void>;
}

export function supervisePostgrest(db: Database, options: SupervisorOptions): PostgrestSupervisor {
  const { quiet, log, warn, serially } = options;
  let running: Postgrest | null = null;
  let wanted = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const scheduleRestart = (reason: string) => {
    const delay = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
    failures += 1;
    warn(`${reason}; restarting it in ${delay} ms.`);
    retry = setTimeout(
      () =>
        void serially(async () => {
          retry = undefined;
          if (!wanted || running) return;
          await launch().catch((error: Error) =>
            scheduleRestart(`PostgREST could not be restarted: ${error.message}`),
          );
        }),
      delay,
    );
  };

  const launch = async () => {
    const instance = await startPostgrest(db, quiet);
    const startedAt = Date.now();
    running = instance;
    log(`PostgREST running (pid ${instance.pid})`);
    void instance.exited.then((how) => {
      // stop() clears `running` first: an exit it caused is not a crash.
      if (running !== instance) return;
      running = null;
      if (Date.now() - startedAt > STABLE_AFTER_MS) failures = 0;
      scheduleRestart(`PostgREST (pid ${instance.pid}) ${how}`);
    });
  };

  return {
    port: () => running?.port ?? null,
    pid: () => running?.pid ?? null,
    wanted: () => wanted,
    async start() {
      wanted = true;
      clearTimeout(retry);
      retry = undefined;
      if (!running) await launch();
    },
    async stop() {
      wanted = false;
      clearTimeout(retry);
      retry = undefined;
      const instance = running;
      running = null;
      await instance?.stop();
    },
  };
}
