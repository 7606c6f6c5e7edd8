/**
 * Inserts are counted later, in bulk: the inbox (issue 41).
 *
 * Counting a response as it is inserted (about 38 keys added to the tallies,
 * its time added to its visit) and folding each visit event into its visit
 * cost 1–1.5 ms of CPU inside every insert, on the same cores as the API:
 * under a burst of 64 clients that was a third of the throughput. So an
 * insert only appends: a response its id to report.response_inbox, a visit
 * event its visit to report.visit_inbox (no row that another insert
 * touches, no lock to wait for). report.fold_inbox(), run every minute by
 * pg_cron (by the local data API's timer where pg_cron is missing), takes
 * the inbox out and counts those rows in bulk with the same SQL as before.
 *
 * Nothing waits for the fold to be exact: a report adds to the tallies what
 * the inbox still holds (report.response_counts, report.visit_counts), with
 * the same counting SQL over those few rows. Updates and deletes, rare,
 * still count at once (report.rows_changed): a row still in the inbox was
 * never counted, so it leaves the inbox instead of being subtracted.
 *
 * Who counts a row is decided by who takes its inbox row out: the fold
 * takes rows in one statement and reads them in the next (so it reads
 * every change committed before it took them), and skips rows that an
 * UPDATE or DELETE is taking out; such a statement waits for a fold that
 * took its rows, then finds them gone and counts its change as for any
 * counted row. A refill takes the fold's lock and empties the inbox of what
 * it counts again.
 *
 * The fold takes at most a batch of each inbox at a time, in its own
 * transaction: a backlog (a burst with the fold stopped, millions of rows)
 * drains batch after batch, each committed, so no lock (on the visits a
 * batch counts, on the fold's advisory lock that a refill waits for) is
 * held longer than one batch takes. report.fold_backlog() runs batches
 * until the inbox is empty (pg_cron's job); the local data API runs them
 * one statement at a time (scripts/data-api/database-jobs.ts).
 */
import { sqlLiteral } from "./sql-text.ts";
import { VISITS_VIEW } from "./visit-events.ts";
import { visitKeysQuery } from "./report-visit-sql.ts";
import { TALLY_TRIGGERS } from "./tallies-sql.ts";
import { countsObject, REPORT_ZONE, UNREAD_KEYS } from "./report-keys-sql.ts";

export const FOLD_FUNCTION = "report.fold_inbox";
export const FOLD_BACKLOG_PROCEDURE = "report.fold_backlog";
/** Rows of each inbox one fold takes: 0.8–1.3 s of counting on PostgreSQL 15 on this loaded machine (about 0.5 s idle, from issue 54's 220,000 rows in 20 s). */
export const FOLD_BATCH = 5000;
/** The pg_cron job that folds the inbox, batch after batch (every minute: the oldest schedule pg_cron 1.4 understands). */
export const FOLD_JOB = { name: "report-fold", schedule: "* * * * *", command: `call ${FOLD_BACKLOG_PROCEDURE}()` } as const;
/** The advisory lock that lets one fold run at a time, and that a refill takes before counting everything again. */
export const FOLD_LOCK = "hashtext('report.fold_inbox')";

/** A survey table's insert trigger: its rows' ids into the inbox, nothing else. */
export const rowsInserted = `create or replace function report.rows_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $fn$
begin
  insert into report.response_inbox (survey_table, row_id) select tg_table_name, id from new_rows;
  return null;
end
$fn$;
revoke all on function report.rows_inserted() from public, anon, authenticated;

-- Until the inbox, each tallied table's insert trigger called a function written for that table: the triggers point at the inbox now.
do $upgrade$
declare
  tbl text;
  fn regprocedure;
begin
  for tbl in select survey_table from report.tallied where to_regclass(format('public.%I', survey_table)) is not null loop
    execute format('drop trigger if exists ${TALLY_TRIGGERS.insert} on public.%I', tbl);
    execute format('create trigger ${TALLY_TRIGGERS.insert} after insert on public.%I referencing new table as new_rows for each statement execute function report.rows_inserted()', tbl);
  end loop;
  for fn in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'report'::regnamespace and p.proname like 'rows\\_inserted\\_%' loop
    execute format('drop function %s', fn);
  end loop;
end
$upgrade$;
drop function if exists report.install_insert_trigger(text, jsonb);`;

/**
 * One fold: at most `batch` rows of each inbox taken out (rows another
 * transaction is taking out are skipped, never waited for), every visit
 * they touch locked at once in key order (a statement that changes several
 * visits locks them in that order too, so neither can hold one the other
 * waits for); then the responses table by table (their counts added, their
 * times given to their visits) and the visits (each folded again from its
 * events). One at a time: a fold that finds another running returns 0.
 * Returns the larger of the two inboxes' rows taken, so a result under
 * `batch` means both were emptied (of what it could take).
 */
export const foldInbox = `drop function if exists ${FOLD_FUNCTION}();
create or replace function ${FOLD_FUNCTION}(batch integer default ${FOLD_BATCH})
returns integer
language plpgsql
security definer
set search_path = ''
-- The counting SQL is long and estimated dear: JIT compiled it for seconds before each batch (as report.survey_numbers says of a scan).
set jit = off
as $fn$
declare
  taken_rows jsonb;
  tbl text;
  spec jsonb;
  ids uuid[];
  visit_ids text[];
  visit_times timestamptz[];
  surveys text[];
  visits uuid[];
  lock_surveys text[] := '{}';
  lock_ids text[] := '{}';
  responses_taken integer;
  events_taken integer;
begin
  if not pg_try_advisory_xact_lock(${FOLD_LOCK}) then return 0; end if;
  -- array(...): the batch chosen once (an IN subquery may be run again, and skip other rows).
  with taken as (delete from report.response_inbox i where i.ctid = any (array(select ctid from report.response_inbox limit batch for update skip locked)) returning i.survey_table, i.row_id)
  select coalesce(jsonb_object_agg(survey_table, row_ids), '{}'), coalesce(sum(n), 0) into taken_rows, responses_taken
    from (select survey_table, jsonb_agg(row_id) as row_ids, count(*) as n from taken group by 1) t;
  with taken as (delete from report.visit_inbox i where i.ctid = any (array(select ctid from report.visit_inbox limit batch for update skip locked)) returning i.survey_id, i.visit_id)
  select array_agg(survey_id), array_agg(visit_id), (select count(*) from taken) into surveys, visits, events_taken from (select distinct survey_id, visit_id from taken) k;
  for tbl in select jsonb_object_keys(taken_rows) loop
    spec := (select t.spec from report.tallied t where t.survey_table = tbl);
    continue when spec->>'visitColumn' is null or spec->>'surveyId' is null or to_regclass(format('public.%I', tbl)) is null;
    execute format('select array_agg(distinct %1$I::text) from public.%2$I where id = any ($1) and %1$I is not null', spec->>'visitColumn', tbl)
      using array(select jsonb_array_elements_text(taken_rows->tbl)::uuid) into visit_ids;
    lock_surveys := lock_surveys || array_fill(spec->>'surveyId', array[coalesce(cardinality(visit_ids), 0)]);
    lock_ids := lock_ids || coalesce(visit_ids, '{}');
  end loop;
  perform report.lock_visits(lock_surveys || coalesce(surveys, '{}'), lock_ids || coalesce(visits::text[], '{}'));
  for tbl in select jsonb_object_keys(taken_rows) order by 1 loop
    ids := array(select jsonb_array_elements_text(taken_rows->tbl)::uuid);
    spec := (select t.spec from report.tallied t where t.survey_table = tbl);
    continue when spec is null or to_regclass(format('public.%I', tbl)) is null;
    execute report.add_counts_sql(tbl, report.tally_writes_sql(spec, format('select * from public.%I where id = any ($1)', tbl))) using ids;
    continue when spec->>'visitColumn' is null or spec->>'surveyId' is null;
    execute format('select array_agg(v), array_agg(ts) from (select %1$I::text as v, created_at as ts from public.%2$I where id = any ($1) and %1$I is not null) d', spec->>'visitColumn', tbl)
      using ids into visit_ids, visit_times;
    if visit_ids is not null then perform report.respond(spec->>'surveyId', visit_ids, visit_times, true); end if;
  end loop;
  if surveys is not null then perform report.refresh_visits(surveys, visits); end if;
  return greatest(responses_taken, events_taken);
end
$fn$;

-- Folds until the inbox is empty, each batch its own transaction. A procedure that commits may be neither
-- security definer nor carry a search_path: it only calls the fold (by its full name) and is the owner's alone.
create or replace procedure ${FOLD_BACKLOG_PROCEDURE}(batch integer default ${FOLD_BATCH})
language plpgsql
as $fn$
begin
  while ${FOLD_FUNCTION}(batch) >= batch loop
    commit;
  end loop;
end
$fn$;
revoke all on procedure ${FOLD_BACKLOG_PROCEDURE}(integer) from public, anon, authenticated;`;

/** Where pg_cron is installed (Supabase), the fold every minute; cron.schedule replaces a job of the same name. */
export const foldSchedule = `do $codegen$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule(${sqlLiteral(FOLD_JOB.name)}, ${sqlLiteral(FOLD_JOB.schedule)}, ${sqlLiteral(FOLD_JOB.command)});
  end if;
end
$codegen$;`;

/** The responses' counts: the tallies, plus the rows still in the inbox counted with the same SQL. */
export const responseCounts = `create or replace function report.response_counts(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  result jsonb;
begin
  execute format($q$${countsObject("select t.key, t.n from report.tallies t where t.survey_table = $1 and not starts_with(t.key, $3) union all select key, n from (%s) p", "$2")}$q$,
    report.tally_sql(survey, format('select r.* from public.%1$I r join report.response_inbox i on i.survey_table = %1$L and i.row_id = r.id', survey->>'table')))
    using survey->>'table', ${REPORT_ZONE}, ${UNREAD_KEYS} into result;
  return result;
end
$fn$;`;

/**
 * The visits the inbox still holds something of, as the fold will leave
 * them: those with new events folded from the visits view (as
 * report.refresh_visits does), the others as report.visit_state has them;
 * the times of their responses still in the inbox added to the ones it has.
 */
export const pendingVisits = `create or replace function report.pending_visits(survey jsonb)
returns table (visit_id text, seen boolean, started_at timestamptz, hidden jsonb, reached text[], submitted boolean, responded timestamptz[])
language plpgsql
stable
set search_path = ''
as $fn$
declare
  times text := 'select null::text, null::timestamptz where false';
begin
  if survey->>'visitColumn' is not null and to_regclass(format('public.%I', survey->>'table')) is not null then
    times := format('select r.%1$I::text, r.created_at from public.%2$I r join report.response_inbox i on i.survey_table = %2$L and i.row_id = r.id where r.%1$I is not null',
      survey->>'visitColumn', survey->>'table');
  end if;
  return query execute format($q$
with fresh as (select distinct i.visit_id from report.visit_inbox i where i.survey_id = $1),
times as (select t.visit_id, array_agg(t.at) as ats from (%s) t(visit_id, at) group by 1),
pending as (select f.visit_id::text as visit_id from fresh f union select t.visit_id from times t)
select p.visit_id,
  case when f.visit_id is null then coalesce(s.seen, false) else w.visit_id is not null end,
  case when f.visit_id is null then s.started_at else w.started_at end,
  case when f.visit_id is null then s.hidden else w.hidden end,
  case when f.visit_id is null then s.reached else w.reached end,
  case when f.visit_id is null then s.submitted else w.submitted end,
  coalesce(s.responded, '{}') || coalesce(t.ats, '{}')
from pending p
left join fresh f on f.visit_id::text = p.visit_id
left join lateral (select * from public.${VISITS_VIEW} v where v.survey_id = $1 and v.visit_id = f.visit_id offset 0) w on true
left join report.visit_state s on s.survey_id = $1 and s.visit_id = p.visit_id
left join times t on t.visit_id = p.visit_id$q$, times) using survey->>'surveyId';
end
$fn$;`;

/** The visits' counts: the visit tallies, plus what the pending visits add (their keys as the fold will leave them, minus their keys now). */
export const visitCounts = `create or replace function report.visit_counts(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  result jsonb;
begin
  with pending as materialized (select * from report.pending_visits(survey)),
  fresh as (${visitKeysQuery("select survey->>'surveyId' as survey_id, p.*, p.submitted or cardinality(p.responded) > 0 as done from pending p where p.seen")}),
  stale as (${visitKeysQuery("select s.*, s.submitted or cardinality(s.responded) > 0 as done from report.visit_state s join pending p on p.visit_id = s.visit_id where s.survey_id = survey->>'surveyId' and s.seen")})
  select coalesce(jsonb_object_agg(key, n), '{}') into result from (select key, sum(n) as n from (
    select t.key, t.n from report.visit_tallies t where t.survey_id = survey->>'surveyId'
    union all select f.key, f.n from fresh f union all select st.key, -st.n from stale st) u group by key having sum(n) <> 0) c;
  return result;
end
$fn$;`;
