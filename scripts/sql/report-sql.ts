/**
 * The report's numbers, computed where the rows are: functions of the
 * private schema `report`, which only service_role may use (anon and
 * authenticated get 42501, through the API 401). Generic over survey tables
 * and columns, so they are written once and a new question or option never
 * changes them; each question type brings its SQL templates (its tools'
 * report.sql), which one pass per table puts together. The report calls:
 * report.survey_numbers(survey jsonb) → every count, as jsonb.
 */
import { QUESTION_TOOLS } from "../../src/question-types/registry.ts";
import { NUMBER_OF } from "../../src/question-types/number/report-sql.ts";
import { HAS_TEXT } from "../../src/question-types/shared/report-sql.ts";
import { sqlLiteral } from "../../src/question-types/shared/sql.ts";
import { VISITS_VIEW } from "./visit-events.ts";

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

/**
 * The survey table in three passes whatever its questions: one aggregate
 * pass (the totals and every question's aggregates, FILTER'd per question);
 * one counting pass grouping by every one-value key at once (grouping sets:
 * the day in the survey's time zone, each hidden value, the ending, each
 * question's value); one more for the types that count several values per
 * row (their lists unnested side by side, grouped the same way). Keys come back led by what they count and a unit separator. Then
 * each listed column's newest texts, newest first, ties in the order the
 * rows were stored (the index on created_at, id).
 */
const responseNumbers = `create or replace function report.response_numbers(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  rows text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters');
  kinds jsonb := report.templates();
  question jsonb;
  part jsonb;
  field jsonb;
  args text[];
  i int := 0;
  values_sql text := '';
  aggregates text := '';
  -- One-value keys: [what they count, its SQL].
  keyed text[][] := array[array['~day' || chr(31), format('to_char(created_at at time zone %L, ''YYYY-MM-DD'')', coalesce(survey->>'timeZone', 'UTC'))]];
  -- Several-value keys: [what they count, the list's SQL, the element's key SQL, the element's name].
  lists text[][] := '{}';
  counts_sql text := 'select coalesce(jsonb_object_agg(k, c), ''{}'') from (select case%s end as k, count(*) as c from (select true%s from %s) r group by grouping sets (%s)) t where k is not null';
  columns text := '';
  sets text := '';
  whens text := '';
  unnested text := '';
  texts jsonb := '{}';
  result jsonb;
  counts jsonb;
  more jsonb := '{}';
  newest jsonb;
begin
  for field in select * from jsonb_array_elements(survey->'hidden') loop
    keyed := keyed || array['~source' || chr(31) || (field->>'id') || chr(31), format('coalesce(%I::text, '''')', field->>'column')];
  end loop;
  if survey->>'endingColumn' is not null then
    keyed := keyed || array['~ending' || chr(31), format('%I', survey->>'endingColumn')];
  end if;
  if survey->>'languageColumn' is not null then
    keyed := keyed || array['~language' || chr(31), format('%I', survey->>'languageColumn')];
  end if;
  for question in select * from jsonb_array_elements(survey->'questions') loop
    i := i + 1;
    part := kinds->(question->>'kind');
    args := array[question->>'column', (question->>'id') || chr(31), coalesce(quote_ident(question->>'otherColumn'), 'null::text'),
      case when part ? 'value' then '~v' || i else question->>'column' end];
    if part ? 'value' then
      values_sql := values_sql || format(', %s as %I', format(part->>'value', variadic args), args[4]);
    end if;
    aggregates := aggregates || format(' || jsonb_build_object(%L, %s)', question->>'id', format(part->>'aggregates', variadic args));
    if jsonb_typeof(part->'key') = 'string' then
      keyed := keyed || array[args[2], format(part->>'key', variadic args)];
    end if;
    if jsonb_typeof(part->'many') = 'object' then
      args := args || ('~e' || i);
      lists := lists || array[array[args[2], format(part->'many'->>'list', variadic args), format(part->'many'->>'element', variadic args), args[5]]];
    end if;
  end loop;
  rows := format('select r.*%s from (%s) r', values_sql, rows);
  execute format($q$
select jsonb_build_object('responses', count(*), 'first', min(created_at), 'last', max(created_at),
  'counted', count(*) filter (where created_at >= coalesce(%L::timestamptz, '-infinity')), 'questions', '{}'::jsonb %s)
from (%s) r$q$, survey->>'countsFrom', aggregates, rows) into result;
  for i in 1 .. array_length(keyed, 1) loop
    columns := columns || format(', %s as %I', keyed[i][2], '~k' || i);
    sets := concat_ws(', ', nullif(sets, ''), format('(%I)', '~k' || i));
    whens := whens || format(' when grouping(%1$I) = 0 then %2$L || %1$I', '~k' || i, keyed[i][1]);
  end loop;
  execute format(counts_sql, whens, columns, format('(%s) r', rows), sets) into counts;
  if array_length(lists, 1) > 0 then
    columns := ''; sets := ''; whens := '';
    for i in 1 .. array_length(lists, 1) loop
      unnested := concat_ws(', ', nullif(unnested, ''), lists[i][2]);
      columns := columns || format(', %s as %I', lists[i][3], '~k' || i);
      sets := concat_ws(', ', nullif(sets, ''), format('(%I)', '~k' || i));
      whens := whens || format(' when grouping(%1$I) = 0 then %2$L || %1$I', '~k' || i, lists[i][1]);
    end loop;
    execute format(counts_sql, whens, columns, format('(%s) r, unnest(%s) with ordinality u(%s, place)', rows, unnested,
      (select string_agg(format('%I', lists[n][4]), ', ') from generate_series(1, array_length(lists, 1)) n)), sets) into more;
  end if;
  for question in select * from jsonb_array_elements(survey->'questions') loop
    part := kinds->(question->>'kind');
    continue when part->>'texts' is null or (part->>'texts' = 'other' and question->>'otherColumn' is null);
    execute format($q$select coalesce(jsonb_agg(jsonb_build_object('text', v, 'at', created_at) order by created_at desc, id), '[]')
from (select %1$I::text as v, created_at, id from (%2$s) r where ${HAS_TEXT("%1$I")} order by created_at desc, id limit %3$s) s$q$,
      case when part->>'texts' = 'other' then question->>'otherColumn' else question->>'column' end, report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters'),
      coalesce((question->>'textsShown')::int, 0)) into newest;
    texts := texts || jsonb_build_object(question->>'id', newest);
  end loop;
  return result || jsonb_build_object('counts', counts || more, 'texts', texts);
end
$fn$;`;

/**
 * Visits (the visits view) of the survey, filtered as the responses are,
 * folded once, and their responses (by visit id): how many, how many
 * submitted, how many reached each question, the median time to complete
 * (times in milliseconds, as the report always read them), and per hidden
 * value, every hidden field in the same pass.
 */
const visitNumbers = `create or replace function report.visit_numbers(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  result jsonb;
  visits text := format('select * from public.${VISITS_VIEW} where survey_id = %L and %s', survey->>'surveyId', concat_ws(' and ', 'true',
    case when survey->>'since' is not null then format('started_at >= %L', (survey->>'since')::timestamptz) end,
    (select string_agg(format('hidden->>%L = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(survey->'filters', '{}')))));
begin
  execute format($q$
with v as materialized (%s),
m as materialized (select r.created_at, v.visit_id, v.started_at from (%s) r join v on r.%I::text = v.visit_id::text),
s as materialized (select v.*, v.submitted or exists (select from m where m.visit_id = v.visit_id) as done from v),
fields as (select f->>'id' as id from jsonb_array_elements(%L::jsonb) f)
select jsonb_build_object(
  'visits', (select count(*) from s),
  'submitted', (select count(*) from s where done),
  'reached', (select coalesce(jsonb_object_agg(q, c), '{}') from (select q, count(*) as c from s, unnest(s.reached) as q group by q) t),
  'medianSeconds', (select percentile_cont(0.5) within group (order by extract(epoch from date_trunc('milliseconds', created_at) - date_trunc('milliseconds', started_at))::float8) from m),
  'sources', (select coalesce(jsonb_object_agg(id, rows), '{}') from (select id, jsonb_agg(jsonb_build_array(v, n, d)) as rows
    from (select fields.id, coalesce(s.hidden->>fields.id, '') as v, count(*) as n, count(*) filter (where s.done) as d from s, fields group by 1, 2) t group by id) u))$q$,
    visits, report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters'), survey->>'visitColumn', survey->'hidden') into result;
  return result;
end
$fn$;`;

/**
 * One call per survey: its responses with every question, and its visits.
 * Volatile although it only reads: PostgREST runs a stable function
 * read-only, where the API guard's pre-request (which writes for the public
 * roles) would fail before the privilege check could refuse anon.
 */
const surveyNumbers = `create or replace function report.survey_numbers(survey jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $fn$
begin
  return jsonb_build_object('responses', report.response_numbers(survey), 'visits', report.visit_numbers(survey));
end
$fn$;`;

export function reportSql(): string[] {
  return [
    `-- The report's functions: service_role only (the report runs with the service key or DATABASE_URL).
create schema if not exists ${REPORT_SCHEMA};
revoke all on schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant usage on schema ${REPORT_SCHEMA} to service_role;`,
    rowsOf,
    NUMBER_OF,
    templates(),
    responseNumbers,
    visitNumbers,
    surveyNumbers,
    `-- Functions are executable by PUBLIC by default: only service_role keeps the right.
revoke all on all functions in schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant execute on all functions in schema ${REPORT_SCHEMA} to service_role;`,
  ];
}
