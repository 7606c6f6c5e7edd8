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

/**
 * report.segment_columns(survey, axes, segments): up to four segments side
 * by side for every axis given (an array of axes as team.surveys.axes
 * keeps them, each with its id), over the rows report.rows_of chooses for
 * survey (the report's request). segments: [{key, since, until, filters}],
 * each a segment's filters as team.filters_of makes them; a row is in every
 * segment whose filters it matches (report.crosstab_raw's segments axis).
 *
 * The rows in any segment are read once, in parallel, with the segments
 * they are in and what the axes read of them (report.crosstab_raw; axes
 * that read the same, as a choice and its coded form without codes, read it
 * once), and kept. Those kept are then grouped by their segments and what
 * up to three single-valued reads (a choice, a band, a matrix row, a week)
 * or one other (a multiple choice, a number) read: a pass over the kept rows
 * for each such pack, so that 22 axes take 9 passes. Each axis sums the
 * groups of its pack by what it read and keys them as report.crosstab keys
 * its groups: every group with each of its segments × each of its keys; j
 * numbers a group's segments and i its keys, so that a respondent counts
 * once in a key's base (j = 1), in a segment's base for the axis (i = 1) and
 * in the axis's total (both). A number is cut as report.crosstab cuts it:
 * its declared bins, else the quartiles of every row read (one more pass
 * over those, grouped by every such number at once).
 *
 * Returns total (respondents in any segment), sizes, overlap (anyone in
 * two) and questions (axis id → report.crosstab's shape: cells, rowBases,
 * columnBases, total, rowEdges). Tried at a million rows and 22 axes:
 * grouping sets in one pass (PostgreSQL sorts the rows once per set: 98 s);
 * each row once per axis in one parallel pass (6.2 million rows grouped in
 * one process: 6.8 s); a pass over the kept rows per axis (5.3 s).
 */
const segmentColumns = `create or replace function report.segment_columns(survey jsonb, axes jsonb, segments jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
set jit = off
-- As report.crosstab's.
set work_mem = '64MB'
set parallel_tuple_cost = 0.001
as $fn$
declare
  source text := report.rows_of(survey->>'table', (survey->>'since')::timestamptz, survey->'filters', (survey->>'until')::timestamptz);
  zone text := coalesce(survey->>'dayZone', survey->>'timeZone', 'UTC');
  -- The segments a row is in, as the bits of a number (segment k the bit k - 1): one cheap key to group by, made a list of keys per group.
  reads text[] := array[coalesce((select string_agg(format('case when %s then %s else 0 end', report.where_of((g ->> 'since')::timestamptz, (g ->> 'until')::timestamptz, g -> 'filters'), 1 << (o - 1)::int), ' | ')
    from jsonb_array_elements(segments) with ordinality x(g, o)), '0') || ' as m'];
  member_of constant text := format('array(select k from unnest(%L::text[]) with ordinality s(k, o) where p.m & (1 << (o - 1)::int) <> 0)', array(select g ->> 'key' from jsonb_array_elements(segments) g));
  -- What else is read of each kept row (c<n>_1 and c<n>_2, once for the axes that read the same: seen), the pack each read is
  -- grouped in, each pack's columns, and the pack single-valued reads go in until it has three.
  seen text[] := '{}';
  pack_of int[] := '{}';
  packs text[] := '{}';
  open_pack int;
  open_reads int := 0;
  -- The numbers cut at their quartiles: what each reads of every row (q<n>).
  numbers text[] := '{}';
  edges text := 'null::float8[] as e0';
  keyed text;
  raw text[];
  c int;
  pack int;
  axis record;
  found jsonb;
begin
  keyed := '';
  for axis in select x.a, x.o from jsonb_array_elements(axes) with ordinality x(a, o) loop
    raw := report.crosstab_raw(axis.a, zone);
    c := array_position(seen, raw[1] || ' ' || raw[2]);
    if c is null then
      seen := seen || (raw[1] || ' ' || raw[2]);
      c := cardinality(seen);
      reads := reads || format('%s as c%s_1, %s as c%s_2', raw[1], c, raw[2], c);
      if axis.a ->> 'kind' in ('one', 'nps', 'matrix', 'week', 'month') or (axis.a ->> 'kind' = 'coded' and not (axis.a ->> 'many')::boolean and raw[2] = 'null::text') then
        if open_pack is null or open_reads = 3 then
          packs := packs || ''::text;
          open_pack := cardinality(packs);
          open_reads := 0;
        end if;
        pack := open_pack;
        open_reads := open_reads + 1;
      else
        packs := packs || ''::text;
        pack := cardinality(packs);
      end if;
      packs[pack] := concat_ws(', ', nullif(packs[pack], ''), format('c%1$s_1, c%1$s_2', c));
      pack_of := pack_of || pack;
    end if;
    pack := pack_of[c];
    if axis.a ->> 'kind' = 'bins' and jsonb_typeof(axis.a -> 'bins') is distinct from 'array' then
      numbers := numbers || format('%s as q%s', raw[1], axis.o);
    end if;
    edges := edges || format(', %s as e%s', report.crosstab_edges(axis.a, 'numbers p', report.crosstab_value(axis.a, format('p.q%s', axis.o)), 'p.n'), axis.o);
    keyed := keyed || format(' union all select %L, p.n, %s, %s from (select m, c%4$s_1 as x1, c%4$s_2 as x2, sum(n) as n from pack%5$s group by 1, 2, 3) p, edges',
      axis.a ->> 'id', member_of, report.crosstab_keys(axis.a, 'p.x1', 'p.x2', report.crosstab_value(axis.a, 'p.x1'), format('edges.e%s', axis.o)), c, pack);
  end loop;
  -- The segments' sizes: any pack's groups summed by their segments (every kept row is in each pack), else the kept rows counted.
  keyed := format('select %L as id, p.n, %s as m, array[%L] as keys from (select m, %s as n from %s group by m) p', '', member_of, '',
    case when cardinality(packs) > 0 then 'sum(n)' else 'count(*)' end, case when cardinality(packs) > 0 then 'pack1' else 'kept' end) || keyed;
  execute format($q$
    with kept as materialized (
      select * from (select %s from (%s) r) r where m <> 0
    ), numbers as materialized (
      select %s, count(*) as n from %s group by %s
    ), %s, edges as materialized (
      select %s
    ), keyed as materialized (
      %s
    ), counted as (
      select k.id, a.x, b.y, sum(k.n) as n, sum(k.n) filter (where b.j = 1) as rb, sum(k.n) filter (where a.i = 1) as cb, sum(k.n) filter (where a.i = 1 and b.j = 1) as t
      from keyed k cross join lateral unnest(k.m) with ordinality b(y, j) cross join lateral unnest(k.keys) with ordinality a(x, i)
      group by k.id, a.x, b.y
    ), cells as (
      select id, jsonb_agg(jsonb_build_array(x, y, n) order by x, y) as cells, sum(t) as total from counted group by id
    ), row_bases as (
      select id, jsonb_object_agg(x, n) as bases from (select id, x, sum(rb) as n from counted group by id, x) z group by id
    ), column_bases as (
      select id, jsonb_object_agg(y, n) as bases from (select id, y, sum(cb) as n from counted group by id, y) z group by id
    )
    select jsonb_build_object(
      'total', coalesce((select total from cells where id = ''), 0),
      'sizes', coalesce((select bases from column_bases where id = ''), '{}'),
      'cuts', (select to_jsonb(edges) from edges),
      'questions', coalesce(jsonb_object_agg(c.id, jsonb_build_object('total', c.total, 'rowsAnswered', c.total, 'columnsAnswered', c.total,
        'cells', c.cells, 'rowBases', rb.bases, 'columnBases', cb.bases)) filter (where c.id <> ''), '{}'))
    from cells c join row_bases rb using (id) join column_bases cb using (id)$q$,
    array_to_string(reads, ', '), source,
    -- Without a number to cut, one row that counts nothing.
    coalesce(nullif(array_to_string(numbers, ', '), ''), 'null::float8 as q0'), case when cardinality(numbers) = 0 then '(select) r where false' else format('(%s) r', source) end,
      (select string_agg(n::text, ', ') from generate_series(1, greatest(cardinality(numbers), 1)) n),
    coalesce((select string_agg(format('pack%s as (select m, %s, count(*) as n from kept group by m, %2$s)', p, cols), ', ' order by p) from unnest(packs) with ordinality u(cols, p)), 'pack0 as (select)'),
    edges, keyed) into found;
  -- Every axis, with its cut; an axis nobody in the segments answered has no cell.
  return jsonb_build_object('total', found -> 'total', 'sizes', found -> 'sizes',
    'overlap', (select coalesce(sum(value::bigint), 0) from jsonb_each(found -> 'sizes')) > (found ->> 'total')::bigint,
    'questions', (select coalesce(jsonb_object_agg(a ->> 'id', coalesce(found -> 'questions' -> (a ->> 'id'),
        jsonb_build_object('total', 0, 'rowsAnswered', 0, 'columnsAnswered', 0, 'cells', '[]'::jsonb, 'rowBases', '{}'::jsonb, 'columnBases', '{}'::jsonb))
      || jsonb_build_object('rowEdges', found -> 'cuts' -> ('e' || o), 'columnEdges', null)), '{}') from jsonb_array_elements(axes) with ordinality x(a, o)));
end
$fn$;`;

export const crosstabSql = (): string[] => [whereOf, crosstabRaw, replacedForms, crosstabValue, crosstabKeys, quartiles, crosstabEdges, crosstab, segmentColumns];
