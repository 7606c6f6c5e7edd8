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
    -- A choice with its "other" text's code (axis.codes: folded text -> code, team.coded_axis) in place of the option; a text is folded only when there are codes.
    when 'coded' then format(case when (axis ->> 'many')::boolean
        then 'array(select distinct e from unnest(coalesce(case when %3$L::jsonb ? coalesce(%2$s, '''') then array_remove(r.%1$I, %4$L) || (%3$L::jsonb ->> %2$s) else r.%1$I end, ''{}'')) e where e <> '''')'
        else 'array_remove(array[nullif(case when r.%1$I::text = %4$L then coalesce(%3$L::jsonb ->> %2$s, r.%1$I::text) else r.%1$I::text end, '''')], null)' end,
      axis->>'column', case when coalesce(axis -> 'codes', '{}') = '{}' then 'null::text' else format('report.fold_answer(r.%I)', axis->>'text') end, coalesce(axis -> 'codes', '{}'), axis->>'other')
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
    report.crosstab_keys(row_axis, 'rv.v', row_edges, zone), report.crosstab_keys(column_axis, 'cv.v', column_edges, zone)) into found;
  return found || jsonb_build_object('rowEdges', to_jsonb(row_edges), 'columnEdges', to_jsonb(column_edges));
end
$fn$;`;

/**
 * report.segment_columns(survey, axes, segments): up to four segments side
 * by side for every axis given (an array of axes as team.surveys.axes
 * keeps them, each with its id), over the rows report.rows_of chooses for
 * survey (the report's request). segments: [{key, since, until, filters}],
 * each a segment's filters as team.filters_of makes them; a row is in every
 * segment whose filters it matches (report.crosstab_keys' segments axis).
 * One pass, parallel safe, as report.crosstab's: every row in a segment
 * with each of its segments × each axis's keys (a lateral VALUES list of
 * the axes' key arrays, one more pseudo-axis '' that every row has: the
 * segments' sizes), grouped by axis, key and segment; j numbers a row's
 * segments and i its keys of one axis, so that a respondent counts once in
 * a key's base (j = 1), in a segment's base for the axis (i = 1) and in the
 * axis's total (both). A number is cut first, as report.crosstab cuts it
 * (declared bins, else the quartiles of the rows read). Returns total
 * (respondents in any segment), sizes, overlap (anyone in two) and
 * questions (axis id → report.crosstab's shape: cells, rowBases,
 * columnBases, total, rowEdges). Two earlier forms: each row's keys of
 * every axis prefixed in a subquery per axis and row (7.1 s at 100,000
 * rows, 9 questions, 4 segments), and one report.crosstab per question
 * (2.0-2.6 s there).
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
  zone text := coalesce(survey->>'dayZone', survey->>'timeZone', 'UTC');
  member_of text := report.crosstab_keys(jsonb_build_object('kind', 'segments', 'segments', segments), null, null, zone);
  numbers text := 'null::float8 as v0';
  keys text := format('(%L, array[%L])', '', '');
  cuts jsonb := '{}';
  edges float8[];
  axis record;
  found jsonb;
begin
  for axis in select x.a, x.o from jsonb_array_elements(axes) with ordinality x(a, o) loop
    edges := report.crosstab_edges(axis.a, source);
    cuts := cuts || jsonb_build_object(axis.a ->> 'id', to_jsonb(edges));
    numbers := numbers || format(', %s as v%s', report.crosstab_value(axis.a), axis.o);
    keys := keys || format(', (%L, %s)', axis.a ->> 'id', report.crosstab_keys(axis.a, 'nv.v' || axis.o, edges, zone));
  end loop;
  -- Only the rows in a segment, chosen before anything is computed of them: else the planner may key every row read by every
  -- axis before it drops those in no segment (157 s of a million rows, 44 % of them in a segment, with 22 axes).
  execute format($q$
    with g as (
      select q.id, a.x, b.y, count(*) as n, count(*) filter (where b.j = 1) as rb, count(*) filter (where a.i = 1) as cb, count(*) filter (where a.i = 1 and b.j = 1) as t
      from (select r.* from (%s) r where %s) r cross join lateral (select %s) nv cross join lateral unnest(%s) with ordinality b(y, j)
        cross join lateral (values %s) q(id, k) cross join lateral unnest(q.k) with ordinality a(x, i)
      group by q.id, a.x, b.y
    ), cells as (
      select id, jsonb_agg(jsonb_build_array(x, y, n) order by x, y) as cells, sum(t) as total from g group by id
    ), row_bases as (
      select id, jsonb_object_agg(x, n) as bases from (select id, x, sum(rb) as n from g group by id, x) z group by id
    ), column_bases as (
      select id, jsonb_object_agg(y, n) as bases from (select id, y, sum(cb) as n from g group by id, y) z group by id
    )
    select jsonb_build_object(
      'total', coalesce((select total from cells where id = ''), 0),
      'sizes', coalesce((select bases from column_bases where id = ''), '{}'),
      'questions', coalesce(jsonb_object_agg(c.id, jsonb_build_object('total', c.total, 'rowsAnswered', c.total, 'columnsAnswered', c.total,
        'cells', c.cells, 'rowBases', rb.bases, 'columnBases', cb.bases)) filter (where c.id <> ''), '{}'))
    from cells c join row_bases rb using (id) join column_bases cb using (id)$q$,
    source, (select coalesce(string_agg(format('(%s)', report.where_of((g ->> 'since')::timestamptz, (g ->> 'until')::timestamptz, g -> 'filters')), ' or '), 'false')
      from jsonb_array_elements(segments) g), numbers, member_of, keys) into found;
  -- Every axis, with its cut; an axis nobody in the segments answered has no cell.
  return jsonb_build_object('total', found -> 'total', 'sizes', found -> 'sizes',
    'overlap', (select coalesce(sum(value::bigint), 0) from jsonb_each(found -> 'sizes')) > (found ->> 'total')::bigint,
    'questions', (select coalesce(jsonb_object_agg(a ->> 'id', coalesce(found -> 'questions' -> (a ->> 'id'),
        jsonb_build_object('total', 0, 'rowsAnswered', 0, 'columnsAnswered', 0, 'cells', '[]'::jsonb, 'rowBases', '{}'::jsonb, 'columnBases', '{}'::jsonb))
      || jsonb_build_object('rowEdges', cuts -> (a ->> 'id'), 'columnEdges', null)), '{}') from jsonb_array_elements(axes) a));
end
$fn$;`;

export const crosstabSql = (): string[] => [whereOf, crosstabValue, crosstabKeys, crosstabEdges, crosstab, segmentColumns];
