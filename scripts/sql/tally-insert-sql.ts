/**
 * The INSERT trigger of a tallied table, written for that table. A
 * generic trigger function builds the counting SQL from the table's spec
 * and runs it with EXECUTE, which plans it again on every statement: about
 * 15–25 ms of CPU per insert, most of an insert's cost, and what made a
 * burst CPU-bound (docs/developers/tallies.md). report.install_insert_trigger
 * writes one function per table with that SQL as static statements, whose
 * plans PL/pgSQL keeps for the life of the connection, and points the
 * table's insert trigger at it. report.refill calls it, so it is written
 * again whenever the spec or the report's SQL changes (their migrations
 * refill). Updates, deletes and truncates, rare, keep report.rows_changed.
 */
import { TALLY_TRIGGERS } from "./tallies-sql.ts";

export const installInsertTrigger = `create or replace function report.install_insert_trigger(tbl text, spec jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  fn text := 'rows_inserted_' || case when length(tbl) <= 48 then tbl else md5(tbl) end;
  visits text := '';
begin
  if spec->>'visitColumn' is not null and spec->>'surveyId' is not null then
    -- The responses' times by visit, as report.rows_changed adds them.
    visits := format($v$
  select array_agg(v), array_agg(ts) into visit_ids, visit_times from (select %1$I::text as v, created_at as ts from new_rows where %1$I is not null) d;
  if visit_ids is not null then perform report.respond(%2$L, visit_ids, visit_times, true); end if;$v$, spec->>'visitColumn', spec->>'surveyId');
  end if;
  execute format($f$create or replace function report.%I()
returns trigger
language plpgsql
security definer
set search_path = ''
as $body$
#variable_conflict use_column
declare
  visit_ids text[];
  visit_times timestamptz[];
begin
  -- Written by report.install_insert_trigger from the tally spec of %2$s.
  insert into report.tallies as t (survey_table, key, slot, n)
  select %2$L, key, report.tally_slot(), sum(n) from (%3$s) d group by key having sum(n) <> 0 order by key
  on conflict (survey_table, key, slot) do update set n = t.n + excluded.n;%4$s
  return null;
end
$body$$f$, fn, tbl, report.tally_sql(spec, 'select * from new_rows'), visits);
  execute format('revoke all on function report.%I() from public, anon, authenticated', fn);
  execute format('drop trigger if exists ${TALLY_TRIGGERS.insert} on public.%I', tbl);
  execute format('create trigger ${TALLY_TRIGGERS.insert} after insert on public.%I referencing new table as new_rows for each statement execute function report.%I()', tbl, fn);
end
$fn$;`;
