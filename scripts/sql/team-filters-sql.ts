/**
 * What rows a results request may read, built in the database from checked
 * values (team-sql.ts calls these after team.access): whole days in the
 * survey's zone, the site's filters, and a viewer's segment on top.
 */
import { DEFINITION_VERSION } from "../../src/core/fields.ts";
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import { VERSIONS_TABLE } from "./definition-versions-sql.ts";
import { refuse } from "./refuse-sql.ts";
import { TEAM_SCHEMA } from "./team-schema.ts";

/**
 * A date range's end as a time: a day (YYYY-MM-DD) starts at midnight in
 * the survey's time zone, the zone its numbers' days are counted in, and
 * the range's last day is whole (until = the next day's midnight, the rows
 * before it). Whole days only, whoever asks: a range narrower than a day
 * (two times a microsecond apart) would pick out one response, and its
 * first response's time the next range to ask for. 22023 for anything else.
 */
const dayEdge = `create or replace function ${TEAM_SCHEMA}.day_edge(a jsonb, day text, days_after int)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
begin
  if day is null then return null; end if;
  if day !~ '^\\d{4}-\\d{2}-\\d{2}$' then
    ${refuse("notADay", "format('results: %L is not a day (YYYY-MM-DD): a range is made of whole days', day)")};
  end if;
  return to_jsonb(((day::date + days_after)::timestamp at time zone coalesce(a -> 'request' ->> 'timeZone', 'UTC')));
exception when invalid_datetime_format or datetime_field_overflow then
  ${refuse("notADate", "format('results: %L is not a date', day)")};
end
$fn$;`;

/**
 * The report's since, until and equality filters from the site's filters, each
 * value checked against the survey's row: a hidden field by its id, the
 * language, the ending, one answer of a single-choice question, one
 * published version of the survey's definition (the rows of those who saw
 * it: definition-versions-sql.ts). A
 * personal question is refused without the grant whatever the value, so
 * that a filter tells nothing about the answers it would match.
 */
const filtersOf = `create or replace function ${TEAM_SCHEMA}.filters_of(a jsonb, filters jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  f jsonb := coalesce(filters, '{}');
  equal jsonb := '{}';
  hidden record;
  column_name text;
begin
  if jsonb_typeof(f) <> 'object' or exists (select from jsonb_object_keys(f) k where k not in ('from', 'until', 'hidden', 'language', 'ending', 'answer', 'finished', 'flagged', 'version')) then
    ${refuse("unknownFilter", "'results: filters may hold from, until, hidden, language, ending, answer, finished, flagged and version'")};
  end if;
  if jsonb_typeof(f -> 'hidden') = 'object' then
    for hidden in select * from jsonb_each(f -> 'hidden') loop
      column_name := (select h ->> 'column' from jsonb_array_elements(a -> 'request' -> 'hidden') h where h ->> 'id' = hidden.key);
      if column_name is null or jsonb_typeof(hidden.value) <> 'string' then
        ${refuse("unknownHiddenField", "format('results: no hidden field %L', hidden.key)")};
      end if;
      equal := equal || jsonb_build_object(column_name, hidden.value);
    end loop;
  end if;
  if f ? 'language' then
    if a -> 'request' ->> 'languageColumn' is null or jsonb_typeof(f -> 'language') <> 'string' then ${refuse("oneLanguage", "'results: this survey has one language'")}; end if;
    equal := equal || jsonb_build_object(a -> 'request' ->> 'languageColumn', f -> 'language');
  end if;
  if f ? 'ending' then
    if a -> 'request' ->> 'endingColumn' is null or jsonb_typeof(f -> 'ending') <> 'string' then ${refuse("noEndings", "'results: this survey has no endings'")}; end if;
    equal := equal || jsonb_build_object(a -> 'request' ->> 'endingColumn', f -> 'ending');
  end if;
  -- A survey with partial responses: its finished rows, or its unfinished ones, alone.
  if f ? 'finished' then
    if jsonb_typeof(f -> 'finished') <> 'boolean' or not exists (select from pg_catalog.pg_attribute c where c.attrelid = to_regclass(format('public.%I', a ->> 'survey_table')) and c.attname = '${PARTIAL_COLUMNS.finished}' and not c.attisdropped) then
      ${refuse("finishedFilter", "'results: finished takes true or false, for a survey with partial responses'")};
    end if;
    equal := equal || jsonb_build_object('${PARTIAL_COLUMNS.finished}', f ->> 'finished');
  end if;
  if f ? 'answer' then
    if a -> 'personal_ids' ? (f -> 'answer' ->> 'question') and not (a ->> 'personal')::boolean then
      ${refuse("personalFilter", "'results: filtering on personal data needs the personal-data grant'")};
    end if;
    column_name := a -> 'choices' ->> (f -> 'answer' ->> 'question');
    if column_name is null or jsonb_typeof(f -> 'answer' -> 'value') <> 'string' then
      ${refuse("answerFilter", "'results: answer filters take a single-choice question and one of its values'")};
    end if;
    equal := equal || jsonb_build_object(column_name, f -> 'answer' -> 'value');
  end if;
  -- One version of the definition: a version the survey never published is refused, not an empty result, so a mistyped one is seen.
  if f ? 'version' then
    if jsonb_typeof(f -> 'version') <> 'string' or not exists (select from ${VERSIONS_TABLE} v where v.survey_table = a ->> 'survey_table' and v.version = f ->> 'version') then
      ${refuse("unknownVersion", "format('results: version %s was never published for this survey', f -> 'version')")};
    end if;
    equal := equal || jsonb_build_object('${DEFINITION_VERSION.column}', f -> 'version');
  end if;
  -- Flagged responses left out (surveys with quality rules, src/core/quality.ts): their flags' column is the empty list.
  if f ? 'flagged' then
    if a -> 'request' ->> 'qualityColumn' is null or f ->> 'flagged' is distinct from 'exclude' then
      ${refuse("flaggedFilter", "'results: flagged takes \"exclude\", on a survey with quality flags'")};
    end if;
    equal := equal || jsonb_build_object(a -> 'request' ->> 'qualityColumn', '{}');
  end if;
  return jsonb_build_object('since', ${TEAM_SCHEMA}.day_edge(a, f ->> 'from', 0), 'until', ${TEAM_SCHEMA}.day_edge(a, f ->> 'until', 1), 'filters', equal);
end
$fn$;`;

/**
 * Both of two filters' rows: the later start, the earlier end, every
 * equality of both; two different values of one column match nobody (the
 * start at infinity).
 */
const bothFilters = `create or replace function ${TEAM_SCHEMA}.both_filters(x jsonb, y jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'since', to_jsonb(greatest((x ->> 'since')::timestamptz, (y ->> 'since')::timestamptz, case when clash then 'infinity'::timestamptz end)),
    'until', to_jsonb(least((x ->> 'until')::timestamptz, (y ->> 'until')::timestamptz)),
    'filters', coalesce(x -> 'filters', '{}') || coalesce(y -> 'filters', '{}'))
  from (select exists (select from jsonb_each(coalesce(x -> 'filters', '{}')) e where coalesce(y -> 'filters', '{}') ? e.key and y -> 'filters' -> e.key <> e.value) as clash) c
$$;`;

/**
 * The rows a request may read: its filters (team.filters_of), and for a
 * viewer an owner limited to a segment (segments-sql.ts; team.access puts
 * its filters in "limit") only the rows of that segment as well, whatever
 * the request asks. Every results function that reads rows goes through
 * here, so the limit holds at every door.
 */
const filterRequest = `create or replace function ${TEAM_SCHEMA}.filter_request(a jsonb, filters jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when jsonb_typeof(a -> 'limit') = 'object' then ${TEAM_SCHEMA}.both_filters(${TEAM_SCHEMA}.filters_of(a, filters), ${TEAM_SCHEMA}.filters_of(a, a -> 'limit'))
    else ${TEAM_SCHEMA}.filters_of(a, filters) end
$$;`;

export function teamFiltersSql(): string[] {
  return [dayEdge, filtersOf, bothFilters, filterRequest];
}
