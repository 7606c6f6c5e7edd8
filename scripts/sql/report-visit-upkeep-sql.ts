/**
 * Keeping the visit tallies as visit_events change: each visit's row in
 * report.visit_state folded again from its events, and the difference its
 * keys make added to report.visit_tallies, by statement triggers on
 * visit_events.
 */
import { VISITS_VIEW } from "./visit-events.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { visitKeysQuery } from "./report-visit-sql.ts";

/** The statement triggers on visit_events that keep the visit tallies. */
export const VISIT_TALLY_TRIGGERS = { insert: "report_visits_insert", update: "report_visits_update", delete: "report_visits_delete", truncate: "report_visits_truncate" } as const;

/** Rows of visit_state (with done) of these visits, for visitKeysQuery: the functions' arguments surveys and ids. */
export const STATES_OF = "select s.*, s.submitted or cardinality(s.responded) > 0 as done from report.visit_state s join (select distinct * from unnest(surveys, ids)) a(survey_id, visit_id) using (survey_id, visit_id) where s.seen";

/**
 * Keeping the visit tallies: the keys of some visits before a change, then
 * after it the difference added (keys whose count does not change are not
 * touched: fewer hot rows under concurrent inserts; keys in order, so two
 * statements never lock the same rows in opposite orders).
 */
export const visitDelta = `create or replace function report.visit_keys_of(surveys text[], ids text[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  result jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_array(survey_id, key, n)), '[]') into result from (${visitKeysQuery(STATES_OF)}) k;
  return result;
end
$fn$;

create or replace function report.add_visit_delta(surveys text[], ids text[], before jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
begin
  insert into report.visit_tallies as t (survey_id, key, slot, n)
  select d.survey_id, d.key, report.tally_slot(), sum(d.n) from (select k.survey_id, k.key, k.n from (${visitKeysQuery(STATES_OF)}) k
    union all select b->>0, b->>1, -(b->>2)::bigint from jsonb_array_elements(before) b) d
  group by 1, 2 having sum(d.n) <> 0 order by 1, 2
  on conflict (survey_id, key, slot) do update set n = t.n + excluded.n;
end
$fn$;

-- Statements that change one visit take turns (its row locked, created first when new), in the order of the keys: each then reads the visit as the one before left it, so no change is counted twice.
create or replace function report.lock_visits(surveys text[], ids text[])
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
begin
  insert into report.visit_state (survey_id, visit_id)
  select distinct * from unnest(surveys, ids) k(survey_id, visit_id) order by 1, 2
  on conflict (survey_id, visit_id) do nothing;
  perform from report.visit_state s join (select distinct * from unnest(surveys, ids)) k(survey_id, visit_id) using (survey_id, visit_id)
  order by s.survey_id, s.visit_id for update of s;
end
$fn$;

create or replace function report.recount_visits(survey text)
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
begin
  delete from report.visit_tallies t where survey is null or t.survey_id = survey;
  execute format('insert into report.visit_tallies (survey_id, key, n) select survey_id, key, n from (%s) k',
    report.visit_keys_sql('select s.*, s.submitted or cardinality(s.responded) > 0 as done from report.visit_state s where s.seen and ($1::text is null or s.survey_id = $1)')) using survey;
end
$fn$;`;

/**
 * Visit events changed (in any order: an earlier event arriving later moves
 * the start and the hidden values): new events leave their visit in the
 * inbox, which the fold refreshes (tally-inbox-sql.ts); changed or deleted
 * ones make each visit they touch be folded again at once from its events
 * by the visits view (the index on survey_id, visit_id). The visit tallies
 * take the difference. TRUNCATE forgets every visit's events (the
 * responses' times stay, for visits whose events come again).
 */
export const foldVisits = (lateralTail: string) => `insert into report.visit_state as s (survey_id, visit_id, seen, started_at, hidden, reached, submitted)
    select k.survey_id, k.visit_id::text, w.visit_id is not null, w.started_at, w.hidden, w.reached, w.submitted
    from (select distinct * from unnest(surveys, ids)) k(survey_id, visit_id)
    left join lateral (select * from public.${VISITS_VIEW} v where v.survey_id = k.survey_id and v.visit_id = k.visit_id${lateralTail}) w on true
    on conflict (survey_id, visit_id) do update set seen = excluded.seen, started_at = excluded.started_at, hidden = excluded.hidden, reached = excluded.reached, submitted = excluded.submitted;`;

export const visitEventsChanged = `create or replace function report.refresh_visits(surveys text[], ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  before jsonb;
begin
  perform report.lock_visits(surveys, ids::text[]);
  before := report.visit_keys_of(surveys, ids::text[]);
  -- Up to tens of thousands (a fold of the inbox, a purge): each folded alone through the index (offset 0 keeps the view from
  -- being folded whole); more (an import): the view folded once, joined. Static statements: PL/pgSQL keeps their plans for the connection.
  if cardinality(ids) > 50000 then
    ${foldVisits("")}
  else
    ${foldVisits(" offset 0")}
  end if;
  delete from report.visit_state s using unnest(surveys, ids) k(survey_id, visit_id)
  where s.survey_id = k.survey_id and s.visit_id = k.visit_id::text and not s.seen and cardinality(s.responded) = 0;
  perform report.add_visit_delta(surveys, ids::text[], before);
end
$fn$;

create or replace function report.visit_events_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  surveys text[];
  ids uuid[];
begin
  if tg_op = 'TRUNCATE' then
    delete from report.visit_inbox;
    delete from report.visit_tallies;
    delete from report.visit_state where cardinality(responded) = 0;
    update report.visit_state set seen = false, started_at = null, hidden = null, reached = null, submitted = null;
    return null;
  end if;
  if tg_op = 'INSERT' then
    -- A respondent's event, the hot path: its visit waits in the inbox for the fold (tally-inbox-sql.ts).
    insert into report.visit_inbox (survey_id, visit_id) select distinct survey_id, visit_id from new_events;
    return null;
  end if;
  -- Changes and deletes, rare: each visit folded again from all its events.
  execute format('select array_agg(survey_id), array_agg(visit_id) from (%s) k', case tg_op
    when 'DELETE' then 'select distinct survey_id, visit_id from old_events'
    else 'select survey_id, visit_id from old_events union select survey_id, visit_id from new_events' end) into surveys, ids;
  if surveys is not null then
    perform report.refresh_visits(surveys, ids);
  end if;
  return null;
end
$fn$;

do $do$
begin
  if to_regclass('public.${VISIT_EVENTS_TABLE}') is null then return; end if;
  drop trigger if exists ${VISIT_TALLY_TRIGGERS.insert} on public.${VISIT_EVENTS_TABLE};
  drop trigger if exists ${VISIT_TALLY_TRIGGERS.update} on public.${VISIT_EVENTS_TABLE};
  drop trigger if exists ${VISIT_TALLY_TRIGGERS.delete} on public.${VISIT_EVENTS_TABLE};
  drop trigger if exists ${VISIT_TALLY_TRIGGERS.truncate} on public.${VISIT_EVENTS_TABLE};
  create trigger ${VISIT_TALLY_TRIGGERS.insert} after insert on public.${VISIT_EVENTS_TABLE} referencing new table as new_events for each statement execute function report.visit_events_changed();
  create trigger ${VISIT_TALLY_TRIGGERS.update} after update on public.${VISIT_EVENTS_TABLE} referencing old table as old_events new table as new_events for each statement execute function report.visit_events_changed();
  create trigger ${VISIT_TALLY_TRIGGERS.delete} after delete on public.${VISIT_EVENTS_TABLE} referencing old table as old_events for each statement execute function report.visit_events_changed();
  create trigger ${VISIT_TALLY_TRIGGERS.truncate} after truncate on public.${VISIT_EVENTS_TABLE} for each statement execute function report.visit_events_changed();
end
$do$;`;
