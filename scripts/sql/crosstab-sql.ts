/**
 * Cross-tabulation in the report's schema: any axis of a survey (its
 * description from src/report/crosstab/axes.ts: a column and how to read
 * it) as rows against any other as columns, over the rows report.rows_of
 * chooses, so the report's and the site's filters apply. A respondent counts
 * in every row key and every column key they have (a multiple choice has
 * several, an unanswered question none): the cells count respondents per
 * pair, a row's base those in that row who have any column key, a column's
 * base likewise, the total those with both. A number is cut at its declared
 * bins, else at the quartiles of the rows read (percentile_cont); bin k
 * holds the values above edge k-1 up to edge k. Generic over tables and
 * columns (names quoted with %I), so no survey change rewrites it.
 */

/** The SQL of an axis's number per row (bins only; else null): a typed text read as the page reads it, or the stored number. */
const crosstabValue = `create or replace function report.crosstab_value(axis jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when axis->>'kind' <> 'bins' then 'null::float8'
    when axis->>'number' = 'typed' then format('case when r.%1$I <> '''' then report.number_of(r.%1$I) end', axis->>'column')
    else format('r.%I::float8', axis->>'column') end
$$;`;

/** The predicate of a row (alias r) chosen as report.rows_of chooses it: since, until and column = value. */
const whereOf = `create or replace function report.where_of(since timestamptz, until timestamptz, filters jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select concat_ws(' and ', 'true',
    case when since is not null then format('r.created_at >= %L', since) end,
    case when until is not null then format('r.created_at < %L', until) end,
    (select string_agg(format('r.%I = %L', key, value), ' and ' order by key) from jsonb_each_text(coalesce(filters, '{}'))))
$$;`;

/** The SQL of an axis's keys per row, a text[] (empty when the row has none): \`v\` is the row's number (report.crosstab_value), \`edges\` a number's bins, \`zone\` the survey's time zone. A segments axis (segments-sql.ts) keys a row with each segment whose filters it matches. */
const crosstabKeys = `create or replace function report.crosstab_keys(axis jsonb, v text, edges float8[], zone text)
returns text
language sql
stable
set search_path = ''
as $$
  select case axis->>'kind'
    when 'one' then format('array_remove(array[nullif(r.%I::text, '''')], null)', axis->>'column')
    when 'many' then format('array(select distinct e from unnest(r.%I) e where e <> '''')', axis->>'column')
    when 'nps' then format('array_remove(array[case when r.%1$I >= 9 then ''promoter'' when r.%1$I >= 7 then ''passive'' when r.%1$I >= 0 then ''detractor'' end], null)', axis->>'column')
    when 'matrix' then format('array_remove(array[nullif(r.%I ->> %L, '''')], null)', axis->>'column', axis->>'row')
    when 'week' then format('array[to_char(date_trunc(''week'', r.created_at at time zone %L), ''YYYY-MM-DD'')]', zone)
    when 'month' then format('array[to_char(r.created_at at time zone %L, ''YYYY-MM'')]', zone)
    when 'segments' then format('array_remove(array[%s]::text[], null)', (select string_agg(format('case when %s then %L end',
      report.where_of((g ->> 'since')::timestamptz, (g ->> 'until')::timestamptz, g -> 'filters'), g ->> 'key'), ', ' order by o) from jsonb_array_elements(axis -> 'segments') with ordinality x(g, o)))
    when 'bins' then format('array_remove(array[case when %1$s is null then null %2$s else %3$L end], null)', v,
      (select string_agg(format('when %s <= %L::float8 then %L', v, e, i::text), ' ' order by i) from unnest(edges) with ordinality u(e, i)),
      (coalesce(cardinality(edges), 0) + 1)::text)
  end
$$;`;

/** A number's edges: those the survey declares, else the distinct quartiles of the rows read (none without numbers). */
const crosstabEdges = `create or replace function report.crosstab_edges(axis jsonb, source text)
returns float8[]
language plpgsql
stable
set search_path = ''
as $fn$
declare
  edges float8[];
begin
  if axis->>'kind' <> 'bins' then return null; end if;
  if jsonb_typeof(axis->'bins') = 'array' then
    return array(select distinct e::float8 from jsonb_array_elements_text(axis->'bins') b(e) order by 1);
  end if;
  execute format('select array(select distinct q from unnest(percentile_cont(array[0.25, 0.5, 0.75]) within group (order by v)) q where q is not null order by 1) from (select %s as v from (%s) r) x where v is not null',
    report.crosstab_value(axis), source) into edges;
  return coalesce(edges, '{}');
end
$fn$;`;

/**
 * Every question at once as one side of a cross-tab (segments side by
 * side): each key of each axis named <axis id> U+001F <key>, one more key
 * <axis id> U+001F U+001E for a row that has any key of that axis (the
 * axis's base), and U+001E for every row (the segment's size). A number's
 * bins come declared (report.segment_columns cuts them first).
 */
const segmentRowKeys = `create or replace function report.segment_row_keys(axes jsonb, zone text)
returns text
language sql
stable
set search_path = ''
as $$
  select concat_ws(' || ', 'array[chr(30)]', (select string_agg(format('(select array(select %1$L || chr(31) || e from unnest(k) e) || case when cardinality(k) > 0 then array[%1$L || chr(31) || chr(30)] end from (select %2$s as k) s)',
      a ->> 'id', report.crosstab_keys(a, report.crosstab_value(a), case when jsonb_typeof(a -> 'bins') = 'array' then array(select jsonb_array_elements_text(a -> 'bins')::float8) end, zone)), ' || ' order by o)
    from jsonb_array_elements(axes) with ordinality x(a, o)))
$$;`;

/**
 * report.crosstab(survey, row_axis, column_axis): survey is the report's
 * request (table, since, until, filters, dayZone); the axes are
 * descriptions as team.surveys.axes keeps them. Returns total,
 * rowsAnswered, columnsAnswered, cells ([row key, column key, count], no
 * zero), rowBases, columnBases (key → count) and each side's edges.
 * Volatile although it only reads, as report.survey_numbers: PostgREST runs
 * a stable function read-only, where the API guard's pre-request (which
 * writes for the public roles) fails before the privilege check refuses them.
 */
const crosstab = `create or replace function report.crosstab(survey jsonb, row_axis jsonb, column_axis jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
as $fn$
declare
  source text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters', (survey->>'until')::timestamptz);
  zone text := coalesce(survey->>'dayZone', survey->>'timeZone', 'UTC');
  row_edges float8[] := report.crosstab_edges(row_axis, source);
  column_edges float8[] := report.crosstab_edges(column_axis, source);
  row_keys text := case when row_axis ->> 'kind' = 'axes' then report.segment_row_keys(row_axis -> 'axes', zone) else report.crosstab_keys(row_axis, 'rv.v', row_edges, zone) end;
  found jsonb;
begin
  -- One pass, parallel safe: every row with each of its row keys × each of its column keys, a row with none kept once with a null key
  -- (left joins); i and j number its keys, so that j = 1 counts a respondent once per row key (its row base), i = 1 once per column key.
  execute format($q$
    with g as (
      select x, y, count(*) as n, count(*) filter (where j = 1) as rb, count(*) filter (where i = 1) as cb, count(*) filter (where i = 1 and j = 1) as t,
        count(*) filter (where i = 1 and (j = 1 or j is null)) as ra, count(*) filter (where j = 1 and (i = 1 or i is null)) as ca
      from (%s) r cross join lateral (select %s as v) rv cross join lateral (select %s as v) cv
        left join lateral unnest(%s) with ordinality a(x, i) on true left join lateral unnest(%s) with ordinality b(y, j) on true
      group by x, y
    ), both_keys as (select * from g where x is not null and y is not null)
    select jsonb_build_object(
      'total', (select coalesce(sum(t), 0) from both_keys),
      'rowsAnswered', (select coalesce(sum(ra), 0) from g where x is not null),
      'columnsAnswered', (select coalesce(sum(ca), 0) from g where y is not null),
      'cells', (select coalesce(jsonb_agg(jsonb_build_array(x, y, n) order by x, y), '[]') from both_keys),
      'rowBases', (select coalesce(jsonb_object_agg(x, n), '{}') from (select x, sum(rb) as n from both_keys group by x) c),
      'columnBases', (select coalesce(jsonb_object_agg(y, n), '{}') from (select y, sum(cb) as n from both_keys group by y) c))$q$,
    source, report.crosstab_value(row_axis), report.crosstab_value(column_axis),
    row_keys, report.crosstab_keys(column_axis, 'cv.v', column_edges, zone)) into found;
  return found || jsonb_build_object('rowEdges', to_jsonb(row_edges), 'columnEdges', to_jsonb(column_edges));
end
$fn$;`;

/** One question's cross-tab against the segments, out of report.segment_columns' one pass (keys as report.segment_row_keys names them). */
const segmentQuestion = `create or replace function report.segment_question(t jsonb, id text, edges jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'total', coalesce((t -> 'rowBases' ->> (id || chr(31) || chr(30)))::bigint, 0),
    'rowsAnswered', coalesce((t -> 'rowBases' ->> (id || chr(31) || chr(30)))::bigint, 0),
    'columnsAnswered', coalesce((t -> 'rowBases' ->> (id || chr(31) || chr(30)))::bigint, 0),
    'cells', (select coalesce(jsonb_agg(jsonb_build_array(substr(c ->> 0, length(id) + 2), c -> 1, c -> 2) order by o), '[]') from jsonb_array_elements(t -> 'cells') with ordinality e(c, o)
      where starts_with(c ->> 0, id || chr(31)) and c ->> 0 <> id || chr(31) || chr(30)),
    'rowBases', (select coalesce(jsonb_object_agg(substr(key, length(id) + 2), value), '{}') from jsonb_each(t -> 'rowBases') where starts_with(key, id || chr(31)) and key <> id || chr(31) || chr(30)),
    'columnBases', (select coalesce(jsonb_object_agg(c ->> 1, c -> 2), '{}') from jsonb_array_elements(t -> 'cells') c where c ->> 0 = id || chr(31) || chr(30)),
    'rowEdges', case when jsonb_typeof(edges) = 'array' then edges end,
    'columnEdges', null)
$$;`;

/**
 * report.segment_columns(survey, axes, segments): up to four segments side
 * by side for every axis given (an array of axes as team.surveys.axes
 * keeps them, each with its id), over the rows report.rows_of chooses for
 * survey (the report's request). segments: [{key, since, until, filters}],
 * each a segment's filters as team.filters_of makes them. One pass of
 * report.crosstab (every axis's keys × each row's segments); a number's
 * bins cut first as report.crosstab cuts them (declared, else the
 * quartiles of the rows read). Returns total (respondents in any segment),
 * sizes (segment key → respondents), overlap (whether anyone is in two) and
 * questions (axis id → what report.crosstab returns for it × the segments).
 */
const segmentColumns = `create or replace function report.segment_columns(survey jsonb, axes jsonb, segments jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
as $fn$
declare
  source text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters', (survey->>'until')::timestamptz);
  cut jsonb;
  t jsonb;
  sizes jsonb;
begin
  cut := (select coalesce(jsonb_agg(case when a ->> 'kind' = 'bins' then a || jsonb_build_object('bins', to_jsonb(report.crosstab_edges(a, source))) else a end order by o), '[]')
    from jsonb_array_elements(axes) with ordinality x(a, o));
  t := report.crosstab(survey, jsonb_build_object('kind', 'axes', 'axes', cut), jsonb_build_object('kind', 'segments', 'segments', segments));
  sizes := (select coalesce(jsonb_object_agg(c ->> 1, c -> 2), '{}') from jsonb_array_elements(t -> 'cells') c where c ->> 0 = chr(30));
  return jsonb_build_object('total', t -> 'total', 'sizes', sizes,
    'overlap', (select coalesce(sum(value::bigint), 0) from jsonb_each(sizes)) > (t ->> 'total')::bigint,
    'questions', (select coalesce(jsonb_object_agg(a ->> 'id', report.segment_question(t, a ->> 'id', a -> 'bins')), '{}') from jsonb_array_elements(cut) a));
end
$fn$;`;

export const crosstabSql = (): string[] => [whereOf, crosstabValue, crosstabKeys, crosstabEdges, segmentRowKeys, crosstab, segmentQuestion, segmentColumns];
