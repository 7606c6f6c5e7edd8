/**
 * The report's numbers, computed where the rows are: functions of the
 * private schema `report`, which only service_role may use (anon and
 * authenticated get 42501, through the API 401). Generic over survey tables
 * and columns, so they are written once and a new question or option never
 * changes them; each question type brings its SQL templates (its tools'
 * report.sql), which one pass per table puts together. The report calls:
 * report.survey_numbers(survey jsonb) → every count, as jsonb: read from
 * the tallies that statement triggers keep (report.tallies, visit_tallies;
 * each table's triggers come from tallies-sql.ts) when the report has no
 * filters and the tallies were made for the survey as it asks, else counted
 * by a scan of the rows with the same SQL.
 */
import { QUESTION_TOOLS } from "../../src/question-types/registry.ts";
import { NUMBER_OF } from "../../src/question-types/number/report-sql.ts";
import { HAS_TEXT } from "../../src/question-types/shared/report-sql.ts";
import { sqlLiteral } from "../../src/question-types/shared/sql.ts";
import { VISITS_VIEW } from "./visit-events.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { summedTallies, tallyTablesSql } from "./tally-tables-sql.ts";
import { installInsertTrigger } from "./tally-insert-sql.ts";

export const REPORT_SCHEMA = "report";

/** The rows a report reads: the table, rows since a time, rows whose columns equal the --where values. */
const rowsOf = `create or replace function report.rows_of(tbl text, since timestamptz, filters jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select format('select * from public.%I where %s', tbl, concat_ws(' and ', 'true',
    case when since is not null then format('created_at >= %L', since) end,
    (select string_agg(format('%I = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(filters, '{}')))))
$$;`;

/** Every type's templates (the question types' report-sql.ts), by kind. */
const templates = (): string => {
  const byKind = Object.fromEntries(Object.values(QUESTION_TOOLS).map(({ report: { sql } }) => [sql.kind, sql]));
  return `create or replace function report.templates()
returns jsonb
language sql
immutable
set search_path = ''
as $$ select ${sqlLiteral(JSON.stringify(byKind, null, 1))}::jsonb $$;`;
};

/** The statement triggers on visit_events that keep the visit tallies. */
export const VISIT_TALLY_TRIGGERS = { insert: "report_visits_insert", update: "report_visits_update", delete: "report_visits_delete", truncate: "report_visits_truncate" } as const;

/** The unit separator that joins the parts of a key. */
const US = "chr(31)";

/**
 * The tallies (tally-tables-sql.ts): counts by key, kept up to date by
 * statement triggers on each survey table (report.rows_changed) and on
 * visit_events (report.visit_events_changed), so that a report without
 * filters reads these small tables instead of every row, summing each key's
 * slots. report.tallied holds the spec (report.tally_spec of the report's
 * request) each table's tallies were made with: a report whose spec differs
 * (the survey file changed, its migration not yet applied) scans the rows
 * instead. visit_state is one row per visit, folded from its events (the
 * visits view) and the times of the responses that carry its id;
 * visit_tallies count what those rows add up to. Only service_role may read
 * them; the triggers write them as their owner (SECURITY DEFINER).
 */

/** What of a report's request the tallies depend on: not the time zone, filters, since, countsFrom or how many texts are shown. */
const tallySpec = `create or replace function report.tally_spec(survey jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('table', survey->'table', 'surveyId', survey->'surveyId', 'visitColumn', survey->'visitColumn',
    'endingColumn', survey->'endingColumn', 'languageColumn', survey->'languageColumn', 'hidden', survey->'hidden',
    'questions', (select coalesce(jsonb_agg(q - 'textsShown' order by n), '[]') from jsonb_array_elements(survey->'questions') with ordinality e(q, n)))
$$;`;

/**
 * The one SQL that counts rows, written once: over the rows a report reads
 * (a scan), and over the rows a statement inserted or deleted (the triggers'
 * transition tables). It yields (key, n) in three passes whatever the
 * questions: one aggregate pass (the responses and every question's
 * counters, FILTER'd per question); one counting pass grouping by every
 * one-value key at once (grouping sets: the UTC quarter-hour of created_at,
 * each hidden value, the ending, the language, each question's value, each
 * date's day); one more for the types that count several values per row
 * (their lists unnested side by side, grouped the same way). Keys are led
 * by what they count and a unit separator; internal ones (~responses, ~at,
 * ~agg, ~date) are turned into the report's numbers by report.response_result.
 */
const tallySql = `create or replace function report.tally_sql(survey jsonb, source text)
returns text
language plpgsql
stable
set search_path = ''
as $fn$
declare
  kinds jsonb := report.templates();
  question jsonb;
  part jsonb;
  counter record;
  field jsonb;
  args text[];
  i int := 0;
  values_sql text := '';
  counters text := format('jsonb_build_object(%L, count(*))', '~responses');
  -- One-value keys: [what they count, its SQL]. Quarter-hours: every real UTC offset is a multiple of 15 minutes, so they fold into days in any time zone.
  keyed text[][] := array[array['~at' || ${US}, 'floor(extract(epoch from created_at) / 900)::bigint::text']];
  -- Several-value keys: [what they count, the list's SQL, the element's key SQL, the element's name].
  lists text[][] := '{}';
  counts_sql text := 'select k as key, c as n from (select case%s end as k, count(*) as c from (select true%s from %s) r group by grouping sets (%s)) t where k is not null';
  columns text := '';
  sets text := '';
  whens text := '';
  unnested text := '';
  rows text;
  parts text[];
begin
  for field in select * from jsonb_array_elements(survey->'hidden') loop
    keyed := keyed || array['~source' || ${US} || (field->>'id') || ${US}, format('coalesce(%I::text, '''')', field->>'column')];
  end loop;
  if survey->>'endingColumn' is not null then
    keyed := keyed || array['~ending' || ${US}, format('%I', survey->>'endingColumn')];
  end if;
  if survey->>'languageColumn' is not null then
    keyed := keyed || array['~language' || ${US}, format('%I', survey->>'languageColumn')];
  end if;
  for question in select * from jsonb_array_elements(survey->'questions') loop
    i := i + 1;
    part := kinds->(question->>'kind');
    args := array[question->>'column', (question->>'id') || ${US}, coalesce(quote_ident(question->>'otherColumn'), 'null::text'),
      case when part ? 'value' then '~v' || i else question->>'column' end];
    if part ? 'value' then
      values_sql := values_sql || format(', %s as %I', format(part->>'value', variadic args), args[4]);
    end if;
    for counter in select * from jsonb_each_text(part->'counters') loop
      counters := counters || format(' || jsonb_build_object(%L, count(*) filter (where %s))', '~agg' || ${US} || args[2] || counter.key, format(counter.value, variadic args));
    end loop;
    if jsonb_typeof(part->'key') = 'string' then
      keyed := keyed || array[args[2], format(part->>'key', variadic args)];
    end if;
    if jsonb_typeof(part->'day') = 'string' then
      keyed := keyed || array['~date' || ${US} || args[2], format(part->>'day', variadic args)];
    end if;
    if jsonb_typeof(part->'many') = 'object' then
      args := args || ('~e' || i);
      lists := lists || array[array[args[2], format(part->'many'->>'list', variadic args), format(part->'many'->>'element', variadic args), args[5]]];
    end if;
  end loop;
  rows := format('select r.*%s from (%s) r', values_sql, source);
  parts := array[format('select e.key, e.value::bigint as n from (select %s as o from (%s) r) a, jsonb_each_text(a.o) e where e.value <> ''0''', counters, rows)];
  for i in 1 .. array_length(keyed, 1) loop
    columns := columns || format(', %s as %I', keyed[i][2], '~k' || i);
    sets := concat_ws(', ', nullif(sets, ''), format('(%I)', '~k' || i));
    whens := whens || format(' when grouping(%1$I) = 0 then %2$L || %1$I', '~k' || i, keyed[i][1]);
  end loop;
  parts := parts || format(counts_sql, whens, columns, format('(%s) r', rows), sets);
  if array_length(lists, 1) > 0 then
    columns := ''; sets := ''; whens := '';
    for i in 1 .. array_length(lists, 1) loop
      unnested := concat_ws(', ', nullif(unnested, ''), lists[i][2]);
      columns := columns || format(', %s as %I', lists[i][3], '~k' || i);
      sets := concat_ws(', ', nullif(sets, ''), format('(%I)', '~k' || i));
      whens := whens || format(' when grouping(%1$I) = 0 then %2$L || %1$I', '~k' || i, lists[i][1]);
    end loop;
    parts := parts || format(counts_sql, whens, columns, format('(%s) r, unnest(%s) with ordinality u(%s, place)', rows, unnested,
      (select string_agg(format('%I', lists[n][4]), ', ') from generate_series(1, array_length(lists, 1)) n)), sets);
  end if;
  return array_to_string(parts, ' union all ');
end
$fn$;`;

/** percentile_cont(p) over the values counted in `counts` ({value: count}): the same linear interpolation between the two nearest ranks; null without values. */
const percentileOf = `create or replace function report.percentile_of(counts jsonb, p float8)
returns float8
language sql
immutable
set search_path = ''
as $$
  with c as (select key::float8 as v, value::bigint as n from jsonb_each_text(counts) where value::bigint <> 0),
  s as (select v, sum(n) over (order by v) as cum from c),
  x as (select p * ((select sum(n) from c) - 1)::float8 as x)
  select lo.v + ((x.x - floor(x.x)) * (hi.v - lo.v))
  from x, lateral (select v from s where cum > floor(x.x) order by v limit 1) lo, lateral (select v from s where cum > ceil(x.x) order by v limit 1) hi
$$;`;

/**
 * The responses' numbers from their counts (a scan's or the tallies'): each
 * question's counters and statistics, the counts by key with the
 * quarter-hours folded into days in the survey's time zone; then what the
 * rows' index on (created_at desc, id) answers at once: the first and last
 * response, the responses since countsFrom (whole quarter-hours from the
 * counts, the part of one from the index), each listed column's newest
 * texts, newest first, ties in the order the rows were stored.
 */
const responseResult = `create or replace function report.response_result(survey jsonb, tallies jsonb, source text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  kinds jsonb := report.templates();
  us text := ${US};
  tz text := coalesce(survey->>'timeZone', 'UTC');
  question jsonb;
  part jsonb;
  name text;
  id text;
  one jsonb;
  counted_values jsonb;
  questions jsonb := '{}';
  first_at timestamptz;
  last_at timestamptz;
  responses bigint := coalesce((tallies->>'~responses')::bigint, 0);
  counted bigint := responses;
  edge timestamptz;
  partial bigint;
  counts jsonb;
  texts jsonb := '{}';
  newest jsonb;
begin
  for question in select * from jsonb_array_elements(survey->'questions') loop
    part := kinds->(question->>'kind');
    id := (question->>'id') || us;
    one := '{}';
    for name in select jsonb_object_keys(part->'counters') loop
      one := one || jsonb_build_object(name, coalesce((tallies->>('~agg' || us || id || name))::bigint, 0));
    end loop;
    if part->>'stats' = 'numbers' then
      counted_values := (select coalesce(jsonb_object_agg(substr(key, length(id) + 1), value), '{}') from jsonb_each(tallies) where starts_with(key, id));
      one := one || (select jsonb_build_object('mean', sum(key::float8 * value::bigint) / nullif(sum(value::bigint), 0)::float8, 'min', min(key::float8), 'max', max(key::float8))
          from jsonb_each_text(counted_values))
        || jsonb_build_object('quartiles', case when counted_values <> '{}' then to_jsonb(array[report.percentile_of(counted_values, 0.25), report.percentile_of(counted_values, 0.5), report.percentile_of(counted_values, 0.75)]) end);
    elsif part->>'stats' = 'dates' then
      one := one || (select jsonb_build_object('first', min(substr(key, length('~date' || us || id) + 1)), 'last', max(substr(key, length('~date' || us || id) + 1)))
        from jsonb_each(tallies) where starts_with(key, '~date' || us || id));
    end if;
    questions := questions || jsonb_build_object(question->>'id', one);
  end loop;
  counts := (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(tallies)
      where not (starts_with(key, '~at' || us) or starts_with(key, '~agg' || us) or starts_with(key, '~date' || us) or key = '~responses'))
    || (select coalesce(jsonb_object_agg('~day' || us || day, n), '{}') from (
      select to_char(to_timestamp(substr(key, 5)::bigint * 900) at time zone tz, 'YYYY-MM-DD') as day, sum(value::bigint) as n
      from jsonb_each_text(tallies) where starts_with(key, '~at' || us) group by 1) d);
  execute format('select min(created_at), max(created_at) from (%s) r', source) into first_at, last_at;
  if survey->>'countsFrom' is not null then
    edge := to_timestamp(ceil(extract(epoch from (survey->>'countsFrom')::timestamptz) / 900) * 900);
    counted := coalesce((select sum(value::bigint) from jsonb_each_text(tallies) where starts_with(key, '~at' || us) and substr(key, 5)::bigint * 900 >= extract(epoch from edge)), 0);
    execute format('select count(*) from (%s) r where created_at >= %L and created_at < %L', source, (survey->>'countsFrom')::timestamptz, edge) into partial;
    counted := counted + partial;
  end if;
  for question in select * from jsonb_array_elements(survey->'questions') loop
    part := kinds->(question->>'kind');
    continue when part->>'texts' is null or (part->>'texts' = 'other' and question->>'otherColumn' is null);
    execute format($q$select coalesce(jsonb_agg(jsonb_build_object('text', v, 'at', created_at) order by created_at desc, id), '[]')
from (select %1$I::text as v, created_at, id from (%2$s) r where ${HAS_TEXT("%1$I")} order by created_at desc, id limit %3$s) s$q$,
      case when part->>'texts' = 'other' then question->>'otherColumn' else question->>'column' end, source,
      coalesce((question->>'textsShown')::int, 0)) into newest;
    texts := texts || jsonb_build_object(question->>'id', newest);
  end loop;
  return jsonb_build_object('responses', responses, 'first', first_at, 'last', last_at, 'counted', counted, 'questions', questions, 'counts', counts, 'texts', texts);
end
$fn$;`;

/** The responses' numbers: counted by a scan of the rows the report reads, or read from the tallies. */
const responseNumbers = `drop function if exists report.response_numbers(jsonb);
create or replace function report.response_numbers(survey jsonb, tallied boolean)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  source text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters');
  tallies jsonb;
begin
  if tallied then
    ${summedTallies("report.tallies", "survey_table", "survey->>'table'")} into tallies;
  else
    execute format('select coalesce(jsonb_object_agg(key, n), ''{}'') from (%s) t', report.tally_sql(survey, source)) into tallies;
  end if;
  return report.response_result(survey, tallies, source);
end
$fn$;`;

/**
 * The one SQL that counts visits, written once: over visit rows (a scan's,
 * folded from the visits view and the responses, or rows of visit_state)
 * with survey_id, started_at, hidden, reached, responded (the times of its
 * responses) and done. Per survey: the visits, those done, each question
 * reached, each hidden value (all, and done; a field a visit lacks counts
 * as "" in report.visit_result), the seconds from the start to each response.
 */
/** The visit keys' query over the visit rows of `states` (SQL text); written into the functions below, so that PL/pgSQL keeps its plan. */
const visitKeysQuery = (states: string): string => `select s.survey_id, k.key, count(*)::bigint as n from (${states}) s cross join lateral (
  select '~visits'
  union all select '~done' where s.done
  union all select '~reached' || chr(31) || q from unnest(s.reached) q
  union all select '~hidden' || chr(31) || h.key || chr(31) || coalesce(h.value, '') from jsonb_each_text(s.hidden) h
  union all select '~hiddendone' || chr(31) || h.key || chr(31) || coalesce(h.value, '') from jsonb_each_text(s.hidden) h where s.done
  union all select '~seconds' || chr(31) || (extract(epoch from date_trunc('milliseconds', t) - date_trunc('milliseconds', s.started_at))::float8)::text from unnest(s.responded) t
) k(key) group by 1, 2`;

const visitKeysSql = `create or replace function report.visit_keys_sql(states text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format(${sqlLiteral(visitKeysQuery("%s"))}, states)
$$;`;

/** The visits' numbers from their counts: how many, how many done, reached per question, the median seconds to complete, and per hidden field its values. */
const visitResult = `create or replace function report.visit_result(survey jsonb, tallies jsonb)
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

/**
 * Visits (the visits view) of the survey, filtered as the responses are,
 * with their responses (by visit id), counted by a scan; or the survey's
 * visit tallies.
 */
const visitNumbers = `drop function if exists report.visit_numbers(jsonb);
create or replace function report.visit_numbers(survey jsonb, tallied boolean)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  tallies jsonb;
  visits text := format('select * from public.${VISITS_VIEW} where survey_id = %L and %s', survey->>'surveyId', concat_ws(' and ', 'true',
    case when survey->>'since' is not null then format('started_at >= %L', (survey->>'since')::timestamptz) end,
    (select string_agg(format('hidden->>%L = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(survey->'filters', '{}')))));
begin
  if tallied then
    ${summedTallies("report.visit_tallies", "survey_id", "survey->>'surveyId'")} into tallies;
  else
    execute format($q$
with v as materialized (%s),
r as (select %2$I::text as visit_id, created_at from (%3$s) r where %2$I is not null),
m as (select r.visit_id, array_agg(r.created_at) as responded from r join v on r.visit_id = v.visit_id::text group by r.visit_id),
s as (select v.survey_id, v.started_at, v.hidden, v.reached, coalesce(m.responded, '{}') as responded, v.submitted or m.visit_id is not null as done
  from v left join m on m.visit_id = v.visit_id::text)
select coalesce(jsonb_object_agg(key, n), '{}') from (%4$s) k$q$,
      visits, survey->>'visitColumn', report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters'), report.visit_keys_sql('select * from s')) into tallies;
  end if;
  return report.visit_result(survey, tallies);
end
$fn$;`;

/** Rows of visit_state (with done) of these visits, for visitKeysQuery: the functions' arguments surveys and ids. */
const STATES_OF = "select s.*, s.submitted or cardinality(s.responded) > 0 as done from report.visit_state s join (select distinct * from unnest(surveys, ids)) a(survey_id, visit_id) using (survey_id, visit_id) where s.seen";

/**
 * Keeping the visit tallies: the keys of some visits before a change, then
 * after it the difference added (keys whose count does not change are not
 * touched: fewer hot rows under concurrent inserts; keys in order, so two
 * statements never lock the same rows in opposite orders).
 */
const visitDelta = `create or replace function report.visit_keys_of(surveys text[], ids text[])
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
 * the start and the hidden values): each visit they touch is folded again
 * from its events by the visits view (the index on survey_id, visit_id), and
 * the visit tallies take the difference. TRUNCATE forgets every visit's
 * events (the responses' times stay, for visits whose events come again).
 */
const foldVisits = (lateralTail: string) => `insert into report.visit_state as s (survey_id, visit_id, seen, started_at, hidden, reached, submitted)
    select k.survey_id, k.visit_id::text, w.visit_id is not null, w.started_at, w.hidden, w.reached, w.submitted
    from (select distinct * from unnest(surveys, ids)) k(survey_id, visit_id)
    left join lateral (select * from public.${VISITS_VIEW} v where v.survey_id = k.survey_id and v.visit_id = k.visit_id${lateralTail}) w on true
    on conflict (survey_id, visit_id) do update set seen = excluded.seen, started_at = excluded.started_at, hidden = excluded.hidden, reached = excluded.reached, submitted = excluded.submitted;`;

const visitEventsChanged = `create or replace function report.refresh_visits(surveys text[], ids uuid[])
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
  -- A few visits (a respondent's event): each folded alone through the index (offset 0 keeps the view from being folded whole);
  -- many (an import): the view folded once, joined. Static statements: PL/pgSQL keeps their plans for the connection.
  if cardinality(ids) > 500 then
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
    delete from report.visit_tallies;
    delete from report.visit_state where cardinality(responded) = 0;
    update report.visit_state set seen = false, started_at = null, hidden = null, reached = null, submitted = null;
    return null;
  end if;
  execute format('select array_agg(survey_id), array_agg(visit_id) from (%s) k', case tg_op
    when 'INSERT' then 'select distinct survey_id, visit_id from new_events'
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

/**
 * Responses changed: the response tallies take the counts of the inserted
 * rows and minus those of the deleted ones (an update is both), and the
 * visits they name take or lose the response's time. TRUNCATE clears the
 * table's tallies and its responses' times.
 */
const rowsChanged = `create or replace function report.respond(survey text, ids text[], times timestamptz[], added boolean)
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
as $fn$
declare
  spec jsonb;
  ids text[];
  times timestamptz[];
  times_of text := 'select array_agg(v), array_agg(ts) from (select %1$I::text as v, created_at as ts from %2$s where %1$I is not null except all select %1$I::text, created_at from %3$s where %1$I is not null) d';
begin
  select t.spec into spec from report.tallied t where t.survey_table = tg_table_name;
  if spec is null then return null; end if;
  if tg_op = 'TRUNCATE' then
    delete from report.tallies where survey_table = tg_table_name;
    perform report.refill_responded(spec);
    return null;
  end if;
  execute format($q$insert into report.tallies as t (survey_table, key, slot, n)
select %L, key, report.tally_slot(), sum(n) from (%s) d group by key having sum(n) <> 0 order by key
on conflict (survey_table, key, slot) do update set n = t.n + excluded.n$q$, tg_table_name, concat_ws(' union all ',
    case when tg_op <> 'INSERT' then format('select key, -n as n from (%s) o', report.tally_sql(spec, 'select * from old_rows')) end,
    case when tg_op <> 'DELETE' then format('select key, n from (%s) a', report.tally_sql(spec, 'select * from new_rows')) end));
  if spec->>'visitColumn' is null or spec->>'surveyId' is null then return null; end if;
  -- The responses' times by visit: those no longer there, then the new ones (an update that keeps both changes nothing).
  if tg_op <> 'INSERT' then
    execute format(times_of, spec->>'visitColumn', 'old_rows', case when tg_op = 'UPDATE' then 'new_rows' else '(select * from old_rows limit 0) e' end) into ids, times;
    if ids is not null then perform report.respond(spec->>'surveyId', ids, times, false); end if;
  end if;
  if tg_op <> 'DELETE' then
    execute format(times_of, spec->>'visitColumn', 'new_rows', case when tg_op = 'UPDATE' then 'old_rows' else '(select * from new_rows limit 0) e' end) into ids, times;
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
as $fn$
declare
  spec jsonb := (select t.spec from report.tallied t where t.survey_table = tbl);
begin
  if to_regclass(format('public.%I', tbl)) is not null then
    -- Writes wait until the migration commits, so that no row is counted twice or missed.
    execute format('lock table public.%I in share mode', tbl);
  end if;
  delete from report.tallies where survey_table = tbl;
  if spec is null or to_regclass(format('public.%I', tbl)) is null then return; end if;
  -- The insert trigger the tallies migration created calls the generic report.rows_changed: this one is written for the table.
  perform report.install_insert_trigger(tbl, spec);
  execute format('insert into report.tallies (survey_table, key, n) select %L, key, n from (%s) k', tbl, report.tally_sql(spec, format('select * from public.%I', tbl)));
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
  if to_regclass('public.${VISIT_EVENTS_TABLE}') is not null then
    lock table public.${VISIT_EVENTS_TABLE} in share mode;
  end if;
  delete from report.visit_tallies;
  delete from report.visit_state;
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

/**
 * One call per survey: its responses with every question, and its visits;
 * from the tallies when the report has no filters and the table's tallies
 * were made for this survey as it is now, else by a scan of the rows (and
 * `path` says why). Volatile although it only reads: PostgREST runs a
 * stable function read-only, where the API guard's pre-request (which
 * writes for the public roles) would fail before the privilege check could
 * refuse anon.
 */
const surveyNumbers = `create or replace function report.survey_numbers(survey jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $fn$
declare
  stored jsonb := (select t.spec from report.tallied t where t.survey_table = survey->>'table');
  why text := case
    when survey->>'path' = 'scan' then 'asked for'
    when survey->>'since' is not null or coalesce(survey->'filters', '{}') <> '{}' then 'filtered'
    when stored is null then 'no tallies for this table (its tallies migration was not applied)'
    when stored <> report.tally_spec(survey) then 'the tallies were made for another version of the survey (apply its latest migration)'
  end;
begin
  return jsonb_build_object('responses', report.response_numbers(survey, why is null), 'visits', report.visit_numbers(survey, why is null),
    'path', case when why is null then 'tallies' else 'scan: ' || why end);
end
$fn$;`;

export function reportSql(): string[] {
  return [
    `-- The report's functions: service_role only (the report runs with the service key or DATABASE_URL).
create schema if not exists ${REPORT_SCHEMA};
revoke all on schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant usage on schema ${REPORT_SCHEMA} to service_role;`,
    tallyTablesSql,
    rowsOf,
    NUMBER_OF,
    templates(),
    tallySpec,
    tallySql,
    percentileOf,
    responseResult,
    responseNumbers,
    visitKeysSql,
    visitResult,
    visitNumbers,
    visitDelta,
    visitEventsChanged,
    installInsertTrigger,
    rowsChanged,
    surveyNumbers,
    `-- Functions are executable by PUBLIC by default: only service_role keeps the right (the triggers run as their owner).
revoke all on all functions in schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant execute on all functions in schema ${REPORT_SCHEMA} to service_role;`,
    `-- Everything counted again with the SQL above: the visits, and the tables whose tallies their migrations installed.
select report.refill_all();`,
  ];
}
