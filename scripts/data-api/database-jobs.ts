/**
 * Where pg_cron is missing (PGlite, a plain PostgreSQL) the local data API
 * runs the database's scheduled jobs itself, as pg_cron does on Supabase:
 * the purge of expired rows (scripts/sql/purge-sql.ts) and the fold of the
 * tallies' inbox (scripts/sql/tally-inbox-sql.ts), each on start and then
 * at its interval. A job whose function is not there yet (its migration not
 * applied) is skipped.
 *
 * PGlite is one session shared with PostgREST: a statement sent from here
 * while PostgREST is inside a transaction would run inside it, as its role.
 * So a job runs only when the session is our own (no role switched to, no
 * transaction open); otherwise it waits for its next turn. Even so, a
 * statement from here now and then makes one of PostgREST's requests fail
 * (500s among 1,000 concurrent requests with the fold every 50 ms), so on
 * PGlite every job runs hourly: the reports stay exact without the fold
 * (they add what the inbox holds). On a real PostgreSQL the jobs have a
 * connection of their own and the fold runs every 10 s.
 */
import { PURGE_FUNCTION } from "../sql/purge-sql.ts";
import { FOLD_FUNCTION } from "../sql/tally-inbox-sql.ts";
import type { Database } from "./database.ts";

interface LocalJob {
  what: string;
  fn: string;
  everyMs: number;
}

const HOURLY = 60 * 60 * 1000;

export const LOCAL_JOBS: readonly LocalJob[] = [
  { what: "purge of expired rows", fn: PURGE_FUNCTION, everyMs: HOURLY },
  { what: "fold of the tallies' inbox", fn: FOLD_FUNCTION, everyMs: 10 * 1000 },
];

export const localJobSql = (fn: string) => `do $job$
begin
  if to_regprocedure('${fn}()') is not null and current_setting('role') = 'none' and now() = statement_timestamp() then
    perform ${fn}();
  end if;
end
$job$;`;

/** Runs each job now and then at its interval; stop() ends the timers. A failed run is reported and retried at the next turn. */
export async function startDatabaseJobs(db: Database, warn: (message: string) => void): Promise<{ stop(): void }> {
  const timers: NodeJS.Timeout[] = [];
  for (const { what, fn, everyMs } of LOCAL_JOBS) {
    const run = () => db.exec(localJobSql(fn)).catch((error: Error) => warn(`${what} (${fn}) failed: ${error.message}`));
    await run();
    const timer = setInterval(run, db.embedded ? HOURLY : everyMs);
    timer.unref();
    timers.push(timer);
  }
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
