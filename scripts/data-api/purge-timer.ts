/**
 * Where pg_cron is missing (PGlite, a plain PostgreSQL) the local data API
 * runs the database's purge of expired rows itself (scripts/sql/purge-sql.ts):
 * once on start, after the migrations, and every hour while it runs.
 *
 * PGlite is one session shared with PostgREST: a statement sent from here
 * while PostgREST is inside a transaction would run inside it, as its role.
 * So the purge runs only when the session is our own (no role switched to,
 * no transaction open); otherwise it waits for the next hour. One simple
 * query is atomic in PGlite, so PostgREST cannot begin in the middle of it.
 */
import { GUARD_SCHEMA } from "../sql/api-guard-sql.ts";
import { PURGE_FUNCTION } from "../sql/purge-sql.ts";
import type { Database } from "./database.ts";

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export const LOCAL_PURGE_SQL = `do $purge$
begin
  if to_regprocedure('${PURGE_FUNCTION}()') is not null and current_setting('role') = 'none' and now() = statement_timestamp() then
    perform ${PURGE_FUNCTION}();
  end if;
end
$purge$;`;

/** Runs the purge now and then hourly; stop() ends the timer. A failed run is reported and retried at the next hour. */
export async function startPurgeTimer(db: Database, warn: (message: string) => void): Promise<{ stop(): void }> {
  const run = () => db.exec(LOCAL_PURGE_SQL).catch((error: Error) => warn(`purge of expired rows (${GUARD_SCHEMA}) failed: ${error.message}`));
  await run();
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
