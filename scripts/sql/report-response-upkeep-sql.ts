/**
 * Keeping the response tallies as survey rows change (report.respond and the
 * per-table triggers' work), and counting everything again after a survey or
 * report change (report.refill, report.refill_all).
 */
import { VISITS_VIEW } from "./visit-events.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { FOLD_LOCK } from "./tally-inbox-sql.ts";
import { THEME_KEY } from "./theme-terms-sql.ts";

/**
 * Responses updated or deleted: the response tallies (in all and per day) take minus the counts
 * of the old rows and the counts of the new ones, and the visits they name
 * lose or take the response's time (inserted rows are counted by the fold
 * of the inbox: tally-inbox-sql.ts). TRUNCATE clears the table's tallies,
 * its inbox and its responses' times.
 */
export const rowsChanged = `-- The statement that adds counts (day, key, n; $1 in them: ids) to a table's tallies: per UTC day (report.day_tallies, in the order of their key, as every writer)
-- and in all (report.tallies, this connection's slot). Text, run by the caller: a trigger's transition tables are seen by its own statements alone.
create or replace function report.add_counts_sql(tbl text, counts text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format($q$with d as materialized (select day, key, sum(n) as n from (%1$s) c group by 1, 2 having sum(n) <> 0),
days as (insert into report.day_tallies as t (survey_table, day, key, n) select %2$L, day, key, n from d where not starts_with(key, %3$L) order by day, key
  on conflict (survey_table, day, key) do update set n = t.n + excluded.n),
themes as (insert into report.theme_tallies as t (survey_table, field, family, term, word, slot, n)
  select %2$L, split_part(key, chr(31), 2), split_part(key, chr(31), 3), split_part(key, chr(31), 4), split_part(key, chr(31), 5), report.tally_slot(), sum(n)
  from d where starts_with(key, %3$L) group by key having sum(n) <> 0 order by 2, 3, 4, 5
  on conflict (survey_table, field, family, term, word, slot) do update set n = t.n + excluded.n)
insert into report.tallies as t (survey_table, key, slot, n)
select %2$L, key, report.tally_slot(), sum(n) from d where not starts_with(key, %3$L) group by key having sum(n) <> 0 order by key
on conflict (survey_table, key, slot) do update set n = t.n + excluded.n$q$, counts, tbl, ${THEME_KEY})
$$;

-- What the tallies' writers count of rows (source: their SQL): every key per UTC day (report.counting_sql), and the theme counts of the
-- survey's free texts (day null: report.add_counts_sql keeps them in report.theme_tallies, not per day). The rows are read once: each
-- text's count reads them again, and the fold's "id = any($1)" over a parameter is a linear search per row (12.8 s for a burst's inbox).
create or replace function report.tally_writes_sql(spec jsonb, source text)
returns text
language sql
stable
set search_path = ''
as $$
  select format('with tallied_rows as materialized (%s) %s', source, concat_ws(' union all ', report.counting_sql(spec, 'select * from tallied_rows', true),
    case when jsonb_typeof(spec -> 'themes') = 'object' then format('select null::date as day, key, n from (%s) th', report.theme_counts_sql(spec, spec -> 'themes', 'select * from tallied_rows', null)) end))
$$;

create or replace function report.respond(survey text, ids text[], times timestamptz[], added boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  surveys text[] := array_fill(survey, array[cardinality(ids)]);
  before jsonb;
begin
  perform report.lock_visits(surveys, ids);
  before := report.visit_keys_of(surveys, ids);
  if added then
    insert into report.visit_state as s (survey_id, visit_id, responded)
    select survey, u.id, array_agg(u.ts order by u.ts) from unnest(ids, times) u(id, ts) group by u.id
    on conflict (survey_id, visit_id) do update set responded = s.responded || excluded.responded;
  else
    -- Each removed time once (two responses of one visit may share a time).
    update report.visit_state s set responded = coalesce((select array_agg(a.t order by a.t) from (select t, row_number() over (partition by t) as place from unnest(s.responded) t) a
      where a.place > (select count(*) from unnest(d.gone) x where x = a.t)), '{}')
    from (select u.id, array_agg(u.ts) as gone from unnest(ids, times) u(id, ts) group by u.id) d
    where s.survey_id = survey and s.visit_id = d.id;
    delete from report.visit_state s where s.survey_id = survey and s.visit_id = any(ids) and not s.seen and cardinality(s.responded) = 0;
  end if;
  perform report.add_visit_delta(surveys, ids, before);
end
$fn$;

create or replace function report.refill_responded(spec jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
begin
  if spec->>'visitColumn' is null or spec->>'surveyId' is null then return; end if;
  update report.visit_state set responded = '{}' where survey_id = spec->>'surveyId' and responded <> '{}';
  execute format('insert into report.visit_state as s (survey_id, visit_id, responded)
select %1$L, %2$I::text, array_agg(created_at order by created_at) from public.%3$I where %2$I is not null group by %2$I::text
on conflict (survey_id, visit_id) do update set responded = excluded.responded', spec->>'surveyId', spec->>'visitColumn', spec->>'table');
  delete from report.visit_state where survey_id = spec->>'surveyId' and not seen and cardinality(responded) = 0;
  perform report.recount_visits(spec->>'surveyId');
end
$fn$;

create or replace function report.rows_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
set jit = off
as $fn$
declare
  spec jsonb;
  ids text[];
  times timestamptz[];
  times_of text := 'select array_agg(v), array_agg(ts) from (select %1$I::text as v, created_at as ts from %2$s where %1$I is not null except all select %1$I::text, created_at from %3$s where %1$I is not null) d';
  pending uuid[];
  counted text;
begin
  select t.spec into spec from report.tallied t where t.survey_table = tg_table_name;
  if tg_op = 'TRUNCATE' then
    delete from report.response_inbox where survey_table = tg_table_name;
    delete from report.tallies where survey_table = tg_table_name;
    delete from report.day_tallies where survey_table = tg_table_name;
    delete from report.theme_tallies where survey_table = tg_table_name;
    if spec is not null then perform report.refill_responded(spec); end if;
    return null;
  end if;
  if spec is null then return null; end if;
  -- Rows still in the inbox were never counted: they leave it (a fold that took them first has counted them as they were), and only the others are subtracted.
  with taken as (delete from report.response_inbox i using old_rows o where i.survey_table = tg_table_name and i.row_id = o.id returning i.row_id)
  select array_agg(row_id) into pending from taken;
  counted := case when pending is null then '(select * from old_rows) o' else format('(select * from old_rows where id <> all (%L::uuid[])) o', pending) end;
  -- The rows' visits locked before the tallies per day are written, as the fold does: a statement and the fold never each hold what the other waits for.
  if spec->>'visitColumn' is not null and spec->>'surveyId' is not null then
    execute format('select array_agg(distinct v) from (select %1$I::text as v from old_rows%2$s) d where v is not null', spec->>'visitColumn',
      case when tg_op = 'UPDATE' then format(' union all select %I::text from new_rows', spec->>'visitColumn') end) into ids;
    if ids is not null then perform report.lock_visits(array_fill(spec->>'surveyId', array[cardinality(ids)]), ids); end if;
  end if;
  execute report.add_counts_sql(tg_table_name, concat_ws(' union all ',
    format('select day, key, -n as n from (%s) o', report.tally_writes_sql(spec, 'select * from ' || counted)),
    case when tg_op = 'UPDATE' then format('select day, key, n from (%s) a', report.tally_writes_sql(spec, 'select * from new_rows')) end));
  if spec->>'visitColumn' is null or spec->>'surveyId' is null then return null; end if;
  -- The responses' times by visit: those no longer there, then the new ones (an update that keeps both changes nothing).
  execute format(times_of, spec->>'visitColumn', counted, case when tg_op = 'UPDATE' then 'new_rows' else '(select * from old_rows limit 0) e' end) into ids, times;
  if ids is not null then perform report.respond(spec->>'surveyId', ids, times, false); end if;
  if tg_op = 'UPDATE' then
    execute format(times_of, spec->>'visitColumn', 'new_rows', counted) into ids, times;
    if ids is not null then perform report.respond(spec->>'surveyId', ids, times, true); end if;
  end if;
  return null;
end
$fn$;

-- A table's tallies and its responses' times counted again from its rows (the migration that installs its triggers).
create or replace function report.refill(tbl text)
returns void
language plpgsql
security definer
set search_path = ''
set jit = off
as $fn$
declare
  spec jsonb := (select t.spec from report.tallied t where t.survey_table = tbl);
begin
  -- A fold running now finishes first; writes wait until the migration commits, so that no row is counted twice or missed.
  perform pg_advisory_xact_lock(${FOLD_LOCK});
  if to_regclass(format('public.%I', tbl)) is not null then
    execute format('lock table public.%I in share mode', tbl);
  end if;
  delete from report.tallies where survey_table = tbl;
  delete from report.day_tallies where survey_table = tbl;
  delete from report.theme_tallies where survey_table = tbl;
  delete from report.response_inbox where survey_table = tbl;
  if spec is null or to_regclass(format('public.%I', tbl)) is null then return; end if;
  execute report.add_counts_sql(tbl, report.tally_writes_sql(spec, format('select * from public.%I', tbl)));
  perform report.refill_responded(spec);
end
$fn$;

-- Everything counted again: the visits from their events, then every tallied table (when the report's SQL changed).
create or replace function report.refill_all()
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  tbl text;
begin
  perform pg_advisory_xact_lock(${FOLD_LOCK});
  if to_regclass('public.${VISIT_EVENTS_TABLE}') is not null then
    lock table public.${VISIT_EVENTS_TABLE} in share mode;
  end if;
  delete from report.visit_tallies;
  delete from report.visit_state;
  delete from report.visit_inbox;
  if to_regclass('public.${VISIT_EVENTS_TABLE}') is not null then
    insert into report.visit_state (survey_id, visit_id, seen, started_at, hidden, reached, submitted)
    select survey_id, visit_id::text, true, started_at, hidden, reached, submitted from public.${VISITS_VIEW};
  end if;
  for tbl in select survey_table from report.tallied order by 1 loop
    perform report.refill(tbl);
  end loop;
  perform report.recount_visits(null);
end
$fn$;`;
