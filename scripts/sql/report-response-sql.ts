/**
 * The responses' numbers: what the tallies count per key (report.tally_sql,
 * the one SQL a scan and the triggers share), how a report's request maps to
 * what its tallies were made for (report.tally_spec), and the numbers read
 * back from those counts, or from a scan (report.response_numbers).
 */
import { HAS_TEXT } from "../../src/question-types/shared/report-sql.ts";
import { sqlLiteral } from "../../src/question-types/shared/sql.ts";
import { countsObject, OWN_DAYS, REPORT_ZONE, UNREAD_KEYS, US } from "./report-keys-sql.ts";

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

/**
 * What of a report's request the tallies depend on: the zone they count days
 * in (dayZone, the survey's own) and the free texts' themes (their
 * dictionaries, protected terms and columns), not the report's time zone, filters,
 * since, countsFrom or how many texts are shown.
 */
export const tallySpec = `create or replace function report.tally_spec(survey jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('table', survey->'table', 'surveyId', survey->'surveyId', 'visitColumn', survey->'visitColumn',
    'endingColumn', survey->'endingColumn', 'languageColumn', survey->'languageColumn', 'hidden', survey->'hidden', 'dayZone', survey->'dayZone', 'themes', survey->'themes',
    'questions', (select coalesce(jsonb_agg(q - 'textsShown' order by n), '[]') from jsonb_array_elements(survey->'questions') with ordinality e(q, n)))
$$;`;

/**
 * The one SQL that counts rows, written once: over the rows a report reads
 * (a scan), and over the rows a statement inserted or deleted (the triggers'
 * transition tables). It yields (key, n) in two passes whatever the
 * questions: one aggregate pass (the responses and every question's
 * counters, FILTER'd per question); one counting pass of every key a row
 * counts, as one array unnested: the values of the types that count
 * several per row (their lists unnested side by side), and at the first
 * place the one-value keys (the day of created_at in dayZone and its UTC
 * quarter-hour, as OWN_DAYS says; each hidden value, the ending, the
 * language, each question's value, each date's day). Keys are led by what
 * they count and a unit separator; internal ones (~responses, ~at, ~agg,
 * ~date) are turned into the report's numbers by report.response_result.
 * report.counting_sql(…, by_day): (day, key, n) instead, counted per UTC day
 * of created_at, for report.day_tallies (a date range sums its whole days).
 * A name of its own: a third parameter with a default given to tally_sql
 * would make its two-argument calls ambiguous wherever an older migration,
 * applied again, recreates the two-argument function beside it.
 */
export const tallySql = `create or replace function report.counting_sql(survey jsonb, source text, by_day boolean)
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
  -- One-value keys: [what they count, its SQL].
  keyed text[][] := '{}';
  -- Several-value keys: [what they count, the list's SQL, the element's key SQL, the element's name].
  lists text[][] := '{}';
  -- A row's keys as one array, unnested and counted: one hash table whichever the keys, one scan for the lists and the one-value keys
  -- (the lists unnested side by side, the one-value keys at the first place), and parallel workers may share it (grouping sets allow none).
  day text := case when by_day then '(r.created_at at time zone ''UTC'')::date as day, ' else '' end;
  counts_sql text := 'select %s"~key" as key, count(*) as n from (%s) r, unnest(%s) with ordinality u(%s place), unnest(%s || case when place = 1 then array[%s] end) as "~keys"("~key") where "~key" is not null group by %s';
  rows text;
  parts text[];
begin
  -- The tallies (no timeZone) count both; a report, the one its time zone needs. Quarter-hours: every real UTC offset is a
  -- multiple of 15 minutes, so they fold into days in any time zone.
  if survey->>'dayZone' is not null and (survey->>'timeZone' is null or ${OWN_DAYS}) then
    keyed := keyed || array[array['~day' || ${US}, format('to_char(created_at at time zone %L, ''YYYY-MM-DD'')', survey->>'dayZone')]];
  end if;
  if survey->>'timeZone' is null or not ${OWN_DAYS} then
    keyed := keyed || array[array['~at' || ${US}, 'floor(extract(epoch from created_at) / 900)::bigint::text']];
  end if;
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
  parts := array[format('select %se.key, e.value::bigint as n from (select %s%s as o from (%s) r%s) a, jsonb_each_text(a.o) e where e.value <> ''0''',
    case when by_day then 'a.day, ' end, day, counters, rows, case when by_day then ' group by 1' end)];
  parts := parts || format(counts_sql, day, rows,
    -- array[1]: a row whose lists are all empty is still one place.
    concat_ws(', ', (select string_agg(lists[n][2], ', ' order by n) from generate_series(1, array_length(lists, 1)) n), 'array[1]'),
    coalesce((select string_agg(format('%I, ', lists[n][4]), '' order by n) from generate_series(1, array_length(lists, 1)) n), '') || '"~row",',
    coalesce('array[' || (select string_agg(format('%L || (%s)', lists[n][1], lists[n][3]), ', ' order by n) from generate_series(1, array_length(lists, 1)) n) || ']', '''{}''::text[]'),
    (select string_agg(format('%L || (%s)', keyed[n][1], keyed[n][2]), ', ' order by n) from generate_series(1, array_length(keyed, 1)) n),
    case when by_day then '1, 2' else '1' end);
  return array_to_string(parts, ' union all ');
end
$fn$;

create or replace function report.tally_sql(survey jsonb, source text)
returns text
language sql
stable
set search_path = ''
as $$ select report.counting_sql(survey, source, false) $$;`;

/** percentile_cont(p) over the values counted in `counts` ({value: count}): the same linear interpolation between the two nearest ranks; null without values. */
export const percentileOf = `create or replace function report.percentile_of(counts jsonb, p float8)
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
 * The responses' numbers from their counts (a scan's or the tallies', the
 * days already in the report's zone): each question's counters and
 * statistics, the counts by key; then what the rows' index on (created_at
 * desc, id) answers at once: the first and last response, the responses
 * since countsFrom (all of them but those the index has before it: a
 * campaign's tests, a few), each listed column's newest texts, newest
 * first, ties in the order the rows were stored.
 */
export const responseResult = `create or replace function report.response_result(survey jsonb, tallies jsonb, source text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  kinds jsonb := report.templates();
  us text := ${US};
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
  before bigint;
  counts jsonb;
  texts jsonb := '{}';
  texts_counter text;
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
      where not (starts_with(key, '~agg' || us) or starts_with(key, '~date' || us) or key = '~responses'));
  execute format('select min(created_at), max(created_at) from (%s) r', source) into first_at, last_at;
  if survey->>'countsFrom' is not null then
    execute format('select count(*) from (%s) r where created_at < %L', source, (survey->>'countsFrom')::timestamptz) into before;
    counted := responses - before;
  end if;
  for question in select * from jsonb_array_elements(survey->'questions') loop
    part := kinds->(question->>'kind');
    continue when part->>'texts' is null or (part->>'texts' = 'other' and question->>'otherColumn' is null);
    -- None when the question's counter of these texts (the same test over the same rows) counted none: a filter that keeps
    -- none of them (the 'other' texts of the very answer filtered on) would walk the whole index for nothing.
    texts_counter := (select c.key from jsonb_each_text(part->'counters') c
      where c.value = case when part->>'texts' = 'other' then ${sqlLiteral(HAS_TEXT("%3$s"))} else ${sqlLiteral(HAS_TEXT("%1$I"))} end limit 1);
    if texts_counter is not null and coalesce((tallies->>('~agg' || us || (question->>'id') || us || texts_counter))::bigint, 0) = 0 then
      texts := texts || jsonb_build_object(question->>'id', '[]'::jsonb);
      continue;
    end if;
    execute format($q$select coalesce(jsonb_agg(jsonb_build_object('text', v, 'at', created_at) order by created_at desc, id), '[]')
from (select %1$I::text as v, created_at, id from (%2$s) r where ${HAS_TEXT("%1$I")} order by created_at desc, id limit %3$s) s$q$,
      case when part->>'texts' = 'other' then question->>'otherColumn' else question->>'column' end, source,
      coalesce((question->>'textsShown')::int, 0)) into newest;
    texts := texts || jsonb_build_object(question->>'id', newest);
  end loop;
  return jsonb_build_object('responses', responses, 'first', first_at, 'last', last_at, 'counted', counted, 'questions', questions, 'counts', counts, 'texts', texts);
end
$fn$;`;

/**
 * The responses' numbers: counted by a scan of the rows the report reads, or
 * read from the tallies (with the inbox's rows: tally-inbox-sql.ts); or, for
 * a date range alone (tallied with since or until), its whole UTC days summed from
 * report.day_tallies and the rest scanned: the parts of a day at either end
 * and the rows still in the inbox, in the same statement (one snapshot: a
 * fold committing meanwhile moves rows from the one to the other unseen).
 */
export const responseNumbers = `drop function if exists report.response_numbers(jsonb);
create or replace function report.response_numbers(survey jsonb, tallied boolean)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  since timestamptz := (survey->>'since')::timestamptz;
  until timestamptz := (survey->>'until')::timestamptz;
  source text := report.rows_of(survey->>'table', since, survey->'filters', until);
  first_day date := coalesce((since at time zone 'UTC')::date, '-infinity');
  end_day date := coalesce((until at time zone 'UTC')::date, 'infinity');
  day_start timestamptz;
  day_end timestamptz;
  tallies jsonb;
begin
  if tallied and since is null and until is null then
    tallies := report.response_counts(survey);
  elsif tallied then
    if (first_day::timestamp at time zone 'UTC') < since then first_day := first_day + 1; end if;
    day_start := first_day::timestamp at time zone 'UTC';
    day_end := end_day::timestamp at time zone 'UTC';
    execute format($q$${countsObject("select t.key, t.n from report.day_tallies t where t.survey_table = $1 and t.day >= $2 and t.day < $3 and not starts_with(t.key, $5) union all select key, n from (%s) p", "$4")}$q$,
      -- Three ranges of the rows' index, apart: before the first whole day, from the end of the last, the inbox's rows between (none when the range is inside a day).
      report.tally_sql(survey, format('%s union all %s union all select r.* from public.%I r join report.response_inbox i on i.survey_table = %L and i.row_id = r.id where r.created_at >= %L and r.created_at < %L',
        report.rows_of(survey->>'table', since, '{}', least(day_start, until)), report.rows_of(survey->>'table', greatest(day_end, day_start, since), '{}', until),
        survey->>'table', survey->>'table', day_start, day_end)))
      using survey->>'table', first_day, end_day, ${REPORT_ZONE}, ${UNREAD_KEYS} into tallies;
  else
    execute format($q$${countsObject("%s", "$1")}$q$, report.tally_sql(survey, source)) using ${REPORT_ZONE} into tallies;
  end if;
  return report.response_result(survey, tallies, source);
end
$fn$;`;
