/**
 * The report's numbers, computed where the rows are: functions of the
 * private schema `report`, which only service_role may use (anon and
 * authenticated get 42501, through the API 401). Generic over survey tables
 * and columns, so they are written once and a new question or option never
 * changes them; each question type brings its own function (its tools'
 * report.sql). The report calls one of them per survey:
 * report.survey_numbers(survey jsonb) → every count, as jsonb.
 */
import { QUESTION_TOOLS } from "../../src/question-types/registry.ts";
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

/** Responses: totals, first and last, those counting toward the campaign, per day in the survey's time zone, per hidden value. */
const responseNumbers = `create or replace function report.response_numbers(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  rows text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters');
  result jsonb;
  field jsonb;
  sources jsonb := '{}';
  counts jsonb;
begin
  execute format($q$
with r as (%s)
select jsonb_build_object(
  'responses', count(*),
  'first', min(created_at), 'last', max(created_at),
  'counted', count(*) filter (where created_at >= coalesce(%L::timestamptz, '-infinity')),
  'perDay', (select coalesce(jsonb_agg(jsonb_build_array(d, c) order by d), '[]')
    from (select to_char(created_at at time zone %L, 'YYYY-MM-DD') as d, count(*) as c from r group by 1) t))
from r$q$, rows, survey->>'countsFrom', coalesce(survey->>'timeZone', 'UTC')) into result;
  for field in select * from jsonb_array_elements(survey->'hidden') loop
    execute format('with r as (%s) select coalesce(jsonb_object_agg(v, c), ''{}'') from (select coalesce(%I::text, '''') as v, count(*) as c from r group by 1) t', rows, field->>'column') into counts;
    sources := sources || jsonb_build_object(field->>'id', counts);
  end loop;
  return result || jsonb_build_object('sources', sources);
end
$fn$;`;

/**
 * Visits (the visits view) of the survey, filtered as the responses are, and
 * their responses (by visit id): how many, how many submitted, how many
 * reached each question, the median time to complete (times in
 * milliseconds, as the report always read them), and per hidden value.
 */
const visitNumbers = `create or replace function report.visit_numbers(survey jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  result jsonb;
  field jsonb;
  sources jsonb := '{}';
  counts jsonb;
  visits text := format('select * from public.${VISITS_VIEW} where survey_id = %L and %s', survey->>'surveyId', concat_ws(' and ', 'true',
    case when survey->>'since' is not null then format('started_at >= %L', (survey->>'since')::timestamptz) end,
    (select string_agg(format('hidden->>%L = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(survey->'filters', '{}')))));
  joined text := format($q$
with v as (%s), r as (%s),
m as (select r.created_at, v.visit_id, v.started_at from r join v on r.%I::text = v.visit_id::text),
s as (select v.*, v.submitted or exists (select from m where m.visit_id = v.visit_id) as done from v)$q$,
    visits, report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters'), survey->>'visitColumn');
begin
  execute joined || $q$
select jsonb_build_object(
  'visits', (select count(*) from s),
  'submitted', (select count(*) from s where done),
  'reached', (select coalesce(jsonb_object_agg(q, c), '{}') from (select q, count(*) as c from s, unnest(s.reached) as q group by q) t),
  'medianSeconds', (select percentile_cont(0.5) within group (order by extract(epoch from date_trunc('milliseconds', created_at) - date_trunc('milliseconds', started_at))::float8) from m))$q$
  into result;
  for field in select * from jsonb_array_elements(survey->'hidden') loop
    execute joined || format($q$
select coalesce(jsonb_agg(jsonb_build_array(v, n, d)), '[]') from (select coalesce(hidden->>%L, '') as v, count(*) as n, count(*) filter (where done) as d from s group by 1) t$q$, field->>'id') into counts;
    sources := sources || jsonb_build_object(field->>'id', counts);
  end loop;
  return result || jsonb_build_object('sources', sources);
end
$fn$;`;

/**
 * One call per survey: its responses, its visits, and each question by its
 * type's function. Volatile although it only reads: PostgREST runs a stable
 * function read-only, where the API guard's pre-request (which writes for
 * the public roles) would fail before the privilege check could refuse anon.
 */
const surveyNumbers = `create or replace function report.survey_numbers(survey jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $fn$
declare
  question jsonb;
  questions jsonb := '{}';
  numbers jsonb;
begin
  for question in select * from jsonb_array_elements(survey->'questions') loop
    execute format('select report.%I($1, $2, $3, $4)', question->>'function')
      using survey->>'table', question, (survey->>'since')::timestamptz, survey->'filters' into numbers;
    questions := questions || jsonb_build_object(question->>'id', numbers);
  end loop;
  return jsonb_build_object('responses', report.response_numbers(survey), 'visits', report.visit_numbers(survey), 'questions', questions);
end
$fn$;`;

/** The question types' functions, each once (types may share one). */
const typeFunctions = (): string[] => [...new Set(Object.values(QUESTION_TOOLS).map((tools) => tools.report.sql.definition))];

export function reportSql(): string[] {
  return [
    `-- The report's functions: service_role only (the report runs with the service key or DATABASE_URL).
create schema if not exists ${REPORT_SCHEMA};
revoke all on schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant usage on schema ${REPORT_SCHEMA} to service_role;`,
    rowsOf,
    ...typeFunctions(),
    responseNumbers,
    visitNumbers,
    surveyNumbers,
    `-- Functions are executable by PUBLIC by default: only service_role keeps the right.
revoke all on all functions in schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant execute on all functions in schema ${REPORT_SCHEMA} to service_role;`,
  ];
}
