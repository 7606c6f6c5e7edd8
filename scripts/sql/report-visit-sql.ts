/**
 * The visits' numbers: the one SQL that counts visits (report.visit_keys_sql),
 * and the numbers read back from the visit tallies or a scan
 * (report.visit_numbers).
 */
import { sqlLiteral } from "../../src/question-types/shared/sql.ts";
import { VISITS_VIEW } from "./visit-events.ts";

/**
 * The one SQL that counts visits, written once: over visit rows (a scan's,
 * folded from the visits view and the responses, or rows of visit_state)
 * with survey_id, started_at, hidden, reached, responded (the times of its
 * responses) and done. Per survey: the visits, those done, each question
 * reached, each hidden value (all, and done; a field a visit lacks counts
 * as "" in report.visit_result), the seconds from the start to each response.
 */
/** The key of the seconds from a visit's start to one of its responses. */
const secondsKey = (time: string, start: string): string =>
  `'~seconds' || chr(31) || (extract(epoch from date_trunc('milliseconds', ${time}) - date_trunc('milliseconds', ${start}))::float8)::text`;

/**
 * The visit keys' query over the visit rows of `states` (SQL text); written into the functions below, so that PL/pgSQL keeps its plan.
 * `count`: how much a row counts for (a scan's rows of visits grouped alike carry how many they are).
 */
export const visitKeysQuery = (states: string, count = "count(*)"): string => `select s.survey_id, k.key, ${count}::bigint as n from (${states}) s cross join lateral (
  select '~visits'
  union all select '~done' where s.done
  union all select '~reached' || chr(31) || q from unnest(s.reached) q
  union all select '~hidden' || chr(31) || h.key || chr(31) || coalesce(h.value, '') from jsonb_each_text(s.hidden) h
  union all select '~hiddendone' || chr(31) || h.key || chr(31) || coalesce(h.value, '') from jsonb_each_text(s.hidden) h where s.done
  union all select ${secondsKey("t", "s.started_at")} from unnest(s.responded) t
) k(key) group by 1, 2`;

export const visitKeysSql = `create or replace function report.visit_keys_sql(states text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format(${sqlLiteral(visitKeysQuery("%s"))}, states)
$$;`;

/** The visits' numbers from their counts: how many, how many done, reached per question, the median seconds to complete, and per hidden field its values. */
export const visitResult = `create or replace function report.visit_result(survey jsonb, tallies jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with t as (select key, value::bigint as n from jsonb_each_text(tallies) where value::bigint <> 0),
  visits as (select coalesce((select n from t where key = '~visits'), 0) as n, coalesce((select n from t where key = '~done'), 0) as d),
  fields as (select f->>'id' as id from jsonb_array_elements(survey->'hidden') f),
  present as (select f.id, substr(t.key, length('~hidden' || chr(31) || f.id || chr(31)) + 1) as v, t.n, coalesce(d.n, 0) as d
    from fields f join t on starts_with(t.key, '~hidden' || chr(31) || f.id || chr(31)) left join t d on d.key = '~hiddendone' || substr(t.key, 8)),
  missing as (select f.id, '' as v, visits.n - coalesce(sum(p.n), 0) as n, visits.d - coalesce(sum(p.d), 0) as d
    from fields f cross join visits left join present p on p.id = f.id group by f.id, visits.n, visits.d),
  source_rows as (select id, v, sum(n) as n, sum(d) as d from (select * from present union all select * from missing) u group by id, v having sum(n) > 0)
  select jsonb_build_object(
    'visits', visits.n,
    'submitted', visits.d,
    'reached', (select coalesce(jsonb_object_agg(substr(key, 10), n), '{}') from t where starts_with(key, '~reached' || chr(31))),
    'medianSeconds', report.percentile_of((select coalesce(jsonb_object_agg(substr(key, 10), n), '{}') from t where starts_with(key, '~seconds' || chr(31))), 0.5),
    'sources', (select coalesce(jsonb_object_agg(id, r), '{}') from (select id, jsonb_agg(jsonb_build_array(v, n, d) order by v) as r from source_rows group by id) x))
  from visits
$$;`;

/** The visit rows of a survey as the fold will leave them (visit_state, the visits the inbox still holds something of replaced: report.pending_visits in tally-inbox-sql.ts), for a filtered report. */
const visitRowsSql = (surveyId: string, survey: string): string =>
  `with pending as materialized (select * from report.pending_visits(${survey}))
select s.survey_id, s.visit_id, s.seen, s.started_at, s.hidden, s.reached, s.submitted, s.responded from report.visit_state s where s.survey_id = ${surveyId} and s.visit_id not in (select visit_id from pending)
union all select ${surveyId}, p.visit_id, p.seen, p.started_at, p.hidden, p.reached, p.submitted, p.responded from pending p`;

/**
 * Visits (the visits view) of the survey, filtered as the responses are,
 * with their responses (by visit id: those the filters keep), counted by a
 * scan; or the survey's visit tallies. A filtered report while the tallies
 * are kept (from_state) takes its visits from report.visit_state, the
 * visits the triggers already folded with the view's own rules (one row per
 * visit instead of ~16 events each: at 5,000,000 events the fold is most of
 * a filtered scan's time), and counts them with the same SQL: the visits
 * alike (hidden values, questions reached, done) once with how many they
 * are, the seconds to each response apart; hashing a key for every
 * question a visit reached, some twenty a visit, cost seconds a month.
 */
export const visitNumbers = `drop function if exists report.visit_numbers(jsonb);
drop function if exists report.visit_numbers(jsonb, boolean);
create or replace function report.visit_numbers(survey jsonb, tallied boolean, from_state boolean default false)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  tallies jsonb;
  during text := concat_ws(' and ', 'true',
    case when survey->>'since' is not null then format('%%1$s >= %L', (survey->>'since')::timestamptz) end,
    case when survey->>'until' is not null then format('%%1$s < %L', (survey->>'until')::timestamptz) end);
  kept text := concat_ws(' and ', format(during, 'started_at'),
    (select string_agg(format('hidden->>%L = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(survey->'filters', '{}'))));
  -- A date range alone, from visit_state: the times of each visit's responses are there already (those of the range kept), where other filters must join the responses they keep.
  own_times boolean := from_state and coalesce(survey->'filters', '{}') = '{}';
  visits text := case when from_state
    then format('select survey_id, visit_id, started_at, hidden, reached, submitted, array(select t from unnest(responded) t where %s) as responded from (%s) v where seen and %s',
      format(during, 't'), format(${sqlLiteral(visitRowsSql("%1$L", "%2$L::jsonb"))}, survey->>'surveyId', survey), kept)
    else format('select * from public.${VISITS_VIEW} where survey_id = %L and %s', survey->>'surveyId', kept) end;
begin
  if tallied then
    tallies := report.visit_counts(survey);
  else
    execute format($q$
with v as materialized (%s),
r as (select %2$I::text as visit_id, created_at from (%3$s) r where %2$I is not null),
m as (%5$s),
s as (select v.survey_id, v.started_at, v.hidden, v.reached, coalesce(m.responded, '{}') as responded, v.submitted or m.visit_id is not null as done
  from v left join m on m.visit_id = v.visit_id::text),
g as (select survey_id, hidden, reached, done, '{}'::timestamptz[] as responded, count(*) as visits from s group by 1, 2, 3, 4)
select coalesce(jsonb_object_agg(key, n), '{}') from (%4$s union all
  select s.survey_id, ${secondsKey("t", "s.started_at")}, count(*) from s, unnest(s.responded) t group by 1, 2) k$q$,
      visits, survey->>'visitColumn', report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters', (survey->>'until')::timestamptz),
      ${sqlLiteral(visitKeysQuery("select g.*, null::timestamptz as started_at from g", "sum(s.visits)"))},
      case when own_times then 'select v.visit_id::text as visit_id, v.responded from v where cardinality(v.responded) > 0'
        else 'select r.visit_id, array_agg(r.created_at) as responded from r join v on r.visit_id = v.visit_id::text group by r.visit_id' end) into tallies;
  end if;
  return report.visit_result(survey, tallies);
end
$fn$;`;
