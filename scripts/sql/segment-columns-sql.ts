/**
 * Segments side by side in the report's schema: the counts of every axis
 * for up to four segments at once, keyed as report.crosstab keys its groups
 * (crosstab-sql.ts: report.crosstab_raw, crosstab_keys, crosstab_value,
 * crosstab_edges, where_of), so each question's answer has the cross-tab's
 * shape. The segments themselves, and who may read them, are segments-sql.ts.
 */

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
  keyed text := '';
  raw text[];
  c int;
  pack int;
  axis record;
  found jsonb;
begin
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

export const segmentColumnsSql = (): string[] => [segmentColumns];
