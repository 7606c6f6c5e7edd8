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
 *
 * Group first, then key: the rows are read once and grouped by what each
 * axis reads of a row (report.crosstab_raw: a choice, a multiple choice's
 * array, a number as stored or typed, the week's start), in parallel; the
 * keys, the bins and the quartiles are worked out on the groups, which are
 * the distinct answers rather than the respondents, each counting for its
 * rows. At a million rows (PostgreSQL 15, two cores) a choice against a
 * choice takes 0.3-0.5 s (0.55 s when every row was keyed), two numbers cut
 * at their quartiles 0.45 s (2.6 s: a sort of every number), a multiple
 * choice against another 1.6-1.7 s (3.8 s): their 60,000 pairs of arrays
 * are what costs, hashing the arrays of every row. A cell sums the groups
 * by row key and column keys before it unnests them (some 4,600 for those
 * two, where unnesting every group's pairs made 910,000 rows).
 */

/** What an axis reads of a row (alias r) before grouping: two SQL expressions (the second 'null::text' unless the axis reads two columns). \`zone\` is the survey's time zone. */
const crosstabRaw = `create or replace function report.crosstab_raw(axis jsonb, zone text)
returns text[]
language sql
stable
set search_path = ''
as $$
  select case axis->>'kind'
    when 'one' then array[format('r.%I::text', axis->>'column'), 'null::text']
    when 'many' then array[format('r.%I', axis->>'column'), 'null::text']
    when 'nps' then array[format('r.%I', axis->>'column'), 'null::text']
    when 'matrix' then array[format('r.%I ->> %L', axis->>'column', axis->>'row'), 'null::text']
    -- A coded choice reads its "other" text too, where the codes can replace the option: a choice's only when it is the option, a multiple choice's extra text always; a text is read only when there are codes.
    when 'coded' then array[format(case when (axis ->> 'many')::boolean then 'r.%I' else 'r.%I::text' end, axis->>'column'),
      case when coalesce(axis -> 'codes', '{}') = '{}' then 'null::text'
        when (axis ->> 'many')::boolean then format('r.%I', axis->>'text')
        else format('case when r.%I::text = %L then r.%I end', axis->>'column', axis->>'other', axis->>'text') end]
    -- Where the chosen option(s) stood in the list the respondent was shown (src/core/shown-order.ts): the answer, and that list.
    when 'position' then array[format(case when (axis ->> 'many')::boolean then 'r.%I' else 'r.%I::text' end, axis->>'column'), format('r.%I -> ''options'' -> %L', axis->>'shown', axis->>'question')]
    when 'week' then array[format('date_trunc(''week'', r.created_at at time zone %L)', zone), 'null::text']
    when 'month' then array[format('date_trunc(''month'', r.created_at at time zone %L)', zone), 'null::text']
    when 'bins' then case when axis->>'number' = 'typed' then array[format('r.%I', axis->>'column'), 'null::text']
      else array[format('r.%I::float8', axis->>'column'), 'null::text'] end
  end
$$;`;

/** The forms before the cross-tab grouped its rows first (they keyed every row), gone with it. */
const replacedForms = `drop function if exists report.crosstab_value(jsonb);
drop function if exists report.crosstab_keys(jsonb, text, float8[], text);
drop function if exists report.crosstab_edges(jsonb, text);`;

/** The SQL of a group's number (bins only; else null) from what the axis read (\`x1\`, report.crosstab_raw): a typed text read as the page reads it, or the stored number. */
const crosstabValue = `create or replace function report.crosstab_value(axis jsonb, x1 text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when axis->>'kind' <> 'bins' then 'null::float8'
    when axis->>'number' = 'typed' then format('case when %1$s <> '''' then report.number_of(%1$s) end', x1)
    else x1 end
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

/**
 * The SQL of a group's keys on an axis, a text[] (empty when it has none): \`x1\` and \`x2\` are what the axis read of its rows
 * (report.crosstab_raw), \`v\` its number (report.crosstab_value), \`edges\` an SQL float8[] of a number's bins.
 */
const crosstabKeys = `create or replace function report.crosstab_keys(axis jsonb, x1 text, x2 text, v text, edges text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case axis->>'kind'
    when 'one' then format('array_remove(array[nullif(%s, '''')], null)', x1)
    when 'many' then format('array(select distinct e from unnest(%s) e where e <> '''')', x1)
    when 'nps' then format('array_remove(array[case when %1$s >= 9 then ''promoter'' when %1$s >= 7 then ''passive'' when %1$s >= 0 then ''detractor'' end], null)', x1)
    when 'matrix' then format('array_remove(array[nullif(%s, '''')], null)', x1)
    -- A choice with its "other" text's code (axis.codes: folded text -> code, team.coded_axis) in place of the option.
    when 'coded' then format(case when (axis ->> 'many')::boolean
        then 'array(select distinct e from unnest(coalesce(case when %3$L::jsonb ? coalesce(%2$s, '''') then array_remove(%1$s, %4$L) || (%3$L::jsonb ->> %2$s) else %1$s end, ''{}'')) e where e <> '''')'
        else 'array_remove(array[nullif(case when %1$s = %4$L then coalesce(%3$L::jsonb ->> %2$s, %1$s) else %1$s end, '''')], null)' end,
      x1, case when coalesce(axis -> 'codes', '{}') = '{}' then 'null::text' else format('report.fold_answer(%s)', x2) end, coalesce(axis -> 'codes', '{}'), axis->>'other')
    -- The 1-based places of the chosen options in the list shown; none without a list (not shuffled for that respondent, or not asked).
    when 'position' then format('array(select e.o::text from jsonb_array_elements_text(case when jsonb_typeof(%2$s) = ''array'' then %2$s else ''[]'' end) with ordinality e(v, o) where e.v %3$s(%1$s))', x1, x2, case when (axis ->> 'many')::boolean then '= any' else '=' end)
    when 'week' then format('array[to_char(%s, ''YYYY-MM-DD'')]', x1)
    when 'month' then format('array[to_char(%s, ''YYYY-MM'')]', x1)
    -- Bin k: the values above edge k-1 up to edge k, so its number is one more than the edges below the value.
    when 'bins' then format('array_remove(array[case when %1$s is not null then (1 + (select count(*) from unnest(%2$s) e where e < %1$s))::text end], null)', v, edges)
  end
$$;`;

/** percentile_cont(0.25, 0.5, 0.75) of values given with their counts (sorted, distinct): the distinct quartiles, linear between the nearest ranks as percentile_cont computes them; empty without values. */
const quartiles = `create or replace function report.quartiles(v float8[], n bigint[])
returns float8[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  with ranked as (select x, sum(w) over (order by o) - w as before from unnest(v, n) with ordinality u(x, w, o)),
  total as (select sum(w)::float8 as rows from unnest(n) w),
  at as (select p * (total.rows - 1) as pos from total, unnest(array[0.25, 0.5, 0.75]::float8[]) p where total.rows > 0),
  ends as (select pos - floor(pos) as part,
      (select x from ranked where before <= floor(pos) order by before desc limit 1) as lo,
      (select x from ranked where before <= ceil(pos) order by before desc limit 1) as hi from at)
  select coalesce(array(select distinct lo + part * (hi - lo) from ends order by 1), '{}')
$$;`;

/** The SQL of an axis's edges (an SQL float8[]; null unless bins): those the survey declares, else the quartiles of the groups' numbers \`v\` (weighted by \`n\`) in the relation \`groups\`. */
const crosstabEdges = `create or replace function report.crosstab_edges(axis jsonb, groups text, v text, weight text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when axis->>'kind' <> 'bins' then 'null::float8[]'
    when jsonb_typeof(axis->'bins') = 'array' then format('%L::float8[]', array(select distinct e::float8 from jsonb_array_elements_text(axis->'bins') b(e) order by 1))
    else format('(select report.quartiles(coalesce(array_agg(v order by v), ''{}''), coalesce(array_agg(w order by v), ''{}'')) from (select %2$s as v, sum(%3$s)::bigint as w from %1$s where %2$s is not null group by 1) q)', groups, v, weight) end
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
-- The groups' hash tables in memory, and a parallel pass where the rows' hashing is the work (arrays of a multiple choice):
-- PostgreSQL's default cost of a row passed on by a worker (0.1) makes 60,000 groups of a million rows look cheaper in one process.
set work_mem = '64MB'
set parallel_tuple_cost = 0.001
as $fn$
declare
  source text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters', (survey->>'until')::timestamptz);
  zone text := coalesce(survey->>'dayZone', survey->>'timeZone', 'UTC');
  rx text[] := report.crosstab_raw(row_axis, zone);
  cx text[] := report.crosstab_raw(column_axis, zone);
  found jsonb;
begin
  -- The rows grouped by what each axis reads (one parallel pass), then each group keyed once (its keys distinct). A cell counts the
  -- respondents with both keys, a row key's base those with it and any column key, a column key's likewise.
  execute format($q$
    with raw as materialized (
      select %s as x1, %s as x2, %s as y1, %s as y2, count(*) as n from (%s) r group by 1, 2, 3, 4
    ), numbered as (
      select raw.*, %s as xv, %s as yv from raw
    ), edges as (
      select %s as rows, %s as columns
    ), keyed as materialized (
      select k.n, %s as xk, %s as yk from numbered k, edges
    ), by_row as materialized (
      select k.n, x, k.yk from keyed k cross join lateral unnest(k.xk) x
    ), cells as (
      select x, y, sum(n) as n from (select x, yk, sum(n) as n from by_row group by x, yk) k cross join lateral unnest(k.yk) y group by x, y
    ), column_bases as (
      select y, sum(n) as n from keyed k cross join lateral unnest(k.yk) y where cardinality(k.xk) > 0 group by y
    )
    select jsonb_build_object(
      'total', (select coalesce(sum(n), 0) from keyed where cardinality(xk) > 0 and cardinality(yk) > 0),
      'rowsAnswered', (select coalesce(sum(n), 0) from keyed where cardinality(xk) > 0),
      'columnsAnswered', (select coalesce(sum(n), 0) from keyed where cardinality(yk) > 0),
      'cells', (select coalesce(jsonb_agg(jsonb_build_array(x, y, n) order by x, y), '[]') from cells),
      'rowBases', (select coalesce(jsonb_object_agg(x, n), '{}') from (select x, sum(n) as n from by_row where cardinality(yk) > 0 group by x) c),
      'columnBases', (select coalesce(jsonb_object_agg(y, n), '{}') from column_bases),
      'rowEdges', (select to_jsonb(rows) from edges), 'columnEdges', (select to_jsonb(columns) from edges))$q$,
    rx[1], rx[2], cx[1], cx[2], source, report.crosstab_value(row_axis, 'raw.x1'), report.crosstab_value(column_axis, 'raw.y1'),
    report.crosstab_edges(row_axis, 'numbered', 'xv', 'n'), report.crosstab_edges(column_axis, 'numbered', 'yv', 'n'),
    report.crosstab_keys(row_axis, 'k.x1', 'k.x2', 'k.xv', 'edges.rows'), report.crosstab_keys(column_axis, 'k.y1', 'k.y2', 'k.yv', 'edges.columns')) into found;
  return found;
end
$fn$;`;

export const crosstabSql = (): string[] => [whereOf, crosstabRaw, replacedForms, crosstabValue, crosstabKeys, quartiles, crosstabEdges, crosstab];
