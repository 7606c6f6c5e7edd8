/**
 * The report's numbers, computed where the rows are: functions of the
 * private schema `report`, which only service_role may use (anon and
 * authenticated get 42501, through the API 401). Generic over survey tables
 * and columns, so they are written once and a new question or option never
 * changes them; each question type brings its SQL templates (its tools'
 * report.sql), which one pass per table puts together. The report calls:
 * report.survey_numbers(survey jsonb) → every count, as jsonb: read from
 * the tallies that statement triggers and the fold of the inbox keep
 * (report.tallies, visit_tallies; each table's triggers come from
 * tallies-sql.ts, the inbox from tally-inbox-sql.ts) when the report has no
 * filters and the tallies were made for the survey as it asks, else counted
 * by a scan of the rows with the same SQL. This file puts the parts
 * together; each part is in the file named for what it computes (the
 * responses' and the visits' numbers, and the upkeep of their tallies).
 */
import { QUESTION_TOOLS } from "../../src/question-types/registry.ts";
import { NUMBER_OF } from "../../src/question-types/number/report-sql.ts";
import { sqlLiteral } from "../../src/question-types/shared/sql.ts";
import { tallyTablesSql } from "./tally-tables-sql.ts";
import { themeTermsSql } from "./theme-terms-sql.ts";
import { foldInbox, foldSchedule, pendingVisits, responseCounts, rowsInserted, visitCounts } from "./tally-inbox-sql.ts";
import { percentileOf, responseNumbers, responseResult, tallySpec, tallySql } from "./report-response-sql.ts";
import { visitKeysSql, visitNumbers, visitResult } from "./report-visit-sql.ts";
import { visitDelta, visitEventsChanged } from "./report-visit-upkeep-sql.ts";
import { rowsChanged } from "./report-response-upkeep-sql.ts";
import { crosstabSql } from "./crosstab-sql.ts";
import { segmentColumnsSql } from "./segment-columns-sql.ts";

export const REPORT_SCHEMA = "report";

/**
 * The rows a report reads: the table, rows since a time and before another
 * (the results site's date range; the report has no end), rows whose
 * columns equal the --where values. The older three-argument form is
 * dropped: a call with three arguments would otherwise match both.
 */
const rowsOf = `drop function if exists report.rows_of(text, timestamptz, jsonb);
create or replace function report.rows_of(tbl text, since timestamptz, filters jsonb, until timestamptz default null)
returns text
language sql
stable
set search_path = ''
as $$
  select format('select * from public.%I where %s', tbl, concat_ws(' and ', 'true',
    case when since is not null then format('created_at >= %L', since) end,
    case when until is not null then format('created_at < %L', until) end,
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
 * One call per survey: its responses with every question, and its visits;
 * from the tallies when the report has no filters and the table's tallies
 * were made for this survey as it is now, else by a scan of the rows (a
 * filtered view reads its visits from the folded report.visit_state; and
 * `path` says why). Volatile although it only reads: PostgREST runs a
 * stable function read-only, where the API guard's pre-request (which
 * writes for the public roles) would fail before the privilege check could
 * refuse anon. Without JIT: a scan's queries are estimated dear enough
 * that each process of a parallel scan compiled them, 2 s and more of a
 * filtered view (its rows take a few hundred milliseconds to read).
 */
const surveyNumbers = `create or replace function report.survey_numbers(survey jsonb)
returns jsonb
language plpgsql
set search_path = ''
set jit = off
as $fn$
declare
  stored jsonb := (select t.spec from report.tallied t where t.survey_table = survey->>'table');
  why text := case
    when survey->>'path' = 'scan' then 'asked for'
    when survey->>'since' is not null or survey->>'until' is not null or coalesce(survey->'filters', '{}') <> '{}' then 'filtered'
    when stored is null then 'no tallies for this table (its tallies migration was not applied)'
    when stored <> report.tally_spec(survey) then 'the tallies were made for another version of the survey (apply its latest migration)'
  end;
  -- A date range alone, on tallies made for this survey: its whole days from the tallies per day.
  by_days boolean := coalesce(why = 'filtered' and coalesce(survey->'filters', '{}') = '{}' and stored = report.tally_spec(survey), false);
begin
  return jsonb_build_object('responses', report.response_numbers(survey, why is null or by_days),
    'visits', report.visit_numbers(survey, why is null, coalesce(why = 'filtered' and stored = report.tally_spec(survey), false)),
    'path', case when why is null then 'tallies' when by_days then 'tallies per day' else 'scan: ' || why end);
end
$fn$;`;

export function reportSql(): string[] {
  return [
    `-- The report's functions: service_role only (the report runs with the service key or DATABASE_URL).
create schema if not exists ${REPORT_SCHEMA};
revoke all on schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant usage on schema ${REPORT_SCHEMA} to service_role;`,
    tallyTablesSql,
    ...themeTermsSql(),
    rowsOf,
    NUMBER_OF,
    templates(),
    tallySpec,
    tallySql,
    percentileOf,
    responseResult,
    responseCounts,
    responseNumbers,
    visitKeysSql,
    visitResult,
    pendingVisits,
    visitCounts,
    visitNumbers,
    visitDelta,
    visitEventsChanged,
    rowsInserted,
    rowsChanged,
    foldInbox,
    surveyNumbers,
    ...crosstabSql(),
    ...segmentColumnsSql(),
    `-- Functions are executable by PUBLIC by default: only service_role keeps the right (the triggers run as their owner).
revoke all on all functions in schema ${REPORT_SCHEMA} from public, anon, authenticated;
grant execute on all functions in schema ${REPORT_SCHEMA} to service_role;`,
    `-- Everything counted again with the SQL above: the visits, and the tables whose tallies their migrations installed.
select report.refill_all();`,
    `-- The inbox folded every minute where pg_cron is installed (Supabase); the local data API runs the fold itself.
${foldSchedule}`,
  ];
}
