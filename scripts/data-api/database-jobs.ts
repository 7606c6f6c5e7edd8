/**
 * Where pg_cron is missing (PGlite, a plain PostgreSQL) the local data API
 * runs the database's scheduled jobs itself, as pg_cron does on Supabase:
 * the purge of expired rows (scripts/sql/purge-sql.ts) and the fold of the
 * tallies' inbox (scripts/sql/tally-inbox-sql.ts), each on start and then
 * at its interval. A job whose function is not there yet (its migration not
 * applied) is skipped.
 *
 * The purge runs before the API serves (expired rows go before anyone reads
 * them). The fold never holds the start: nothing waits for it (a report adds
 * what the inbox still holds), and a backlog (a burst with the fold stopped)
 * can take minutes. It runs one batch per statement, each its own
 * transaction, until a batch comes back short: no batch holds a lock for
 * long, and on PGlite, which runs in this process, the event loop and
 * PostgREST's requests get their turn between batches.
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
import { FOLD_BATCH, FOLD_FUNCTION } from "../sql/tally-inbox-sql.ts";
import type { Database } from "./database.ts";

const HOURLY = 60 * 60 * 1000;
const FOLD_EVERY_MS = 10 * 1000;

/** True in a statement of our own: no role switched to, and not inside a transaction someone else opened. */
const OWN_SESSION = "current_setting('role') = 'none' and now() = statement_timestamp()";

export const localJobSql = (fn: string) => `do $job$
begin
  if to_regprocedure('${fn}()') is not null and ${OWN_SESSION} then
    perform ${fn}();
  end if;
end
$job$;`;

/** The fold's batches, until one comes back short, `going()` turns false, the session is not ours or another fold runs (then at its next turn). */
async function foldBacklog(db: Database, going: () => boolean): Promise<void> {
  if (!(await db.value(`select 1 where to_regprocedure('${FOLD_FUNCTION}(integer)') is not null`))) return;
  while (going()) {
    const taken = await db.value(`select ${FOLD_FUNCTION}(${FOLD_BATCH}) where ${OWN_SESSION}`);
    if (taken === null || Number(taken) < FOLD_BATCH) return;
  }
}

/**
 * Runs the purge now, starts the fold without waiting for it, and runs
 * each again at its interval (a turn that finds the last one still running
 * is skipped). stop() ends the timers and resolves once the statement
 * running then has ended (the database may be closed after it). A failed
 * run is reported and retried at the next turn.
 */
export async function startDatabaseJobs(db: Database, warn: (message: string) => void): Promise<{ stop(): Promise<void> }> {
  let going = true;
  const job = (what: string, work: () => Promise<void>) => {
    let current: Promise<void> | null = null;
    const run = () => {
      if (going) current ??= work().catch((error: Error) => warn(`${what} failed: ${error.message}`)).finally(() => (current = null));
      return current;
    };
    return { run, idle: () => current };
  };
  const purge = job(`purge of expired rows (${PURGE_FUNCTION})`, () => db.exec(localJobSql(PURGE_FUNCTION)));
  const fold = job(`fold of the tallies' inbox (${FOLD_FUNCTION})`, () => foldBacklog(db, () => going));
  await purge.run();
  void fold.run();
  const timers = [setInterval(purge.run, HOURLY), setInterval(fold.run, db.embedded ? HOURLY : FOLD_EVERY_MS)];
  timers.forEach((timer) => timer.unref());
  return {
    stop: async () => {
      going = false;
      timers.forEach((timer) => clearInterval(timer));
      await Promise.all([purge.idle(), fold.idle()]);
    },
  };
}
