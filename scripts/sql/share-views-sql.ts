/**
 * The views a share link shows (share-links-sql.ts), each computed once per
 * link base and kept in team.share_views: its numbers (team.numbers, the body
 * of results_numbers, over the link's filter, withheld by team.share_line)
 * and each cross-tab of two of its questions (team.crosstab_counts, the body
 * of results_crosstab, completed with "no answer", grouped as the numbers
 * show each axis, withheld by team.share_table). Only these functions read
 * the survey's counts for a link.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

export const SHARE_VIEW_FUNCTIONS = ["share_questions(jsonb)", "share_numbers_view(jsonb)", "share_axis(jsonb, jsonb, text)", "share_crosstab_view(jsonb, text, text)"];

/**
 * The questions a link base may show: its survey's single and multiple
 * choices and texts that are not personal, in the file's order, each with
 * its kind.
 */
const eligible = `create or replace function ${T}.share_questions(a jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', q ->> 'id', 'kind', q ->> 'kind') order by o), '[]')
  from jsonb_array_elements(a -> 'request' -> 'questions') with ordinality e(q, o)
  where q ->> 'kind' in ('choice', 'multiple', 'text') and not (a -> 'personal_ids' ? (q ->> 'id'))
$$;`;

/**
 * The numbers of a link base, computed once and kept (team.share_views):
 * body (what any link of that base may show, withheld under k) and raw (the
 * counts behind it, for the cross-tabs' totals; never returned). Counted by
 * team.numbers, results_numbers' own body, with the link's filter and role
 * "link" (no personal question's counts; under k responses in all: only
 * belowMinimumGroup).
 */
const numbersView = `create or replace function ${T}.share_numbers_view(a jsonb)
returns ${T}.share_views
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  k int := (a ->> 'minimum_group')::int;
  link_base text := a -> 'link' ->> 'base';
  kept ${T}.share_views;
  n jsonb;
  total bigint;
  q jsonb;
  id text;
  counts jsonb;
  answered bigint;
  shown jsonb;
  questions jsonb := '{}';
  raw jsonb := '{}';
  item jsonb;
  texts jsonb;
  others bigint;
begin
  select * into kept from ${T}.share_views v where v.base = link_base and v.name = 'numbers';
  if kept.base is not null then return kept; end if;
  n := ${T}.numbers(a, a -> 'link' -> 'filters');
  if n ? 'belowMinimumGroup' then
    insert into ${T}.share_views (base, name, body, raw) values (link_base, 'numbers', jsonb_build_object('belowMinimumGroup', k), null) on conflict do nothing;
  else
    total := (n -> 'responses' ->> 'responses')::bigint;
    for q in select * from jsonb_array_elements(${T}.share_questions(a)) loop
      id := q ->> 'id';
      answered := coalesce((n -> 'responses' -> 'questions' -> id ->> 'n')::bigint, 0);
      counts := (select coalesce(jsonb_object_agg(substr(key, length(id) + 2), value), '{}') from jsonb_each(n -> 'responses' -> 'counts') where starts_with(key, id || chr(31)));
      texts := null;
      if q ->> 'kind' = 'choice' then
        -- One value per respondent: the values and "no answer" are one line, whose total is every response.
        shown := ${T}.share_line(counts || jsonb_build_object('~none', total - answered), k);
        item := jsonb_build_object('kind', 'choice', 'counts', shown - '~none', 'none', shown -> '~none',
          'n', case when shown -> '~none' <> 'null'::jsonb then to_jsonb(answered) else 'null'::jsonb end);
        others := coalesce((n -> 'responses' -> 'questions' -> id ->> 'others')::bigint, 0);
        if others >= k then texts := n -> 'responses' -> 'texts' -> id; end if;
      else
        -- Several values or a text: whether anyone answered is a line of its own (n and n's complement) ...
        shown := ${T}.share_line(jsonb_build_object('n', answered, '~none', total - answered), k);
        item := jsonb_build_object('kind', q ->> 'kind', 'n', shown -> 'n', 'none', shown -> '~none');
        if q ->> 'kind' = 'multiple' then
          -- ... and each option is a count beside those who did not choose it (of all, and of those who answered).
          item := item || jsonb_build_object('counts', (select coalesce(jsonb_object_agg(key, case when value::bigint between 1 and k - 1 or total - value::bigint between 1 and k - 1 or answered - value::bigint between 1 and k - 1 then 'null'::jsonb else to_jsonb(value::bigint) end), '{}') from jsonb_each_text(counts)));
        elsif answered >= k and total - answered not between 1 and k - 1 then
          texts := n -> 'responses' -> 'texts' -> id;
        end if;
      end if;
      -- Texts without the time each was given (a time picks a respondent out); none from a group under k.
      if texts is not null then
        item := item || jsonb_build_object('texts', (select coalesce(jsonb_agg(t ->> 'text' order by o), '[]') from jsonb_array_elements(texts) with ordinality e(t, o)));
      end if;
      questions := questions || jsonb_build_object(id, item);
      raw := raw || jsonb_build_object(id, jsonb_build_object('kind', q ->> 'kind', 'n', answered, 'counts', counts));
    end loop;
    insert into ${T}.share_views (base, name, body, raw)
    values (link_base, 'numbers', jsonb_build_object('responses', total, 'questions', questions), jsonb_build_object('responses', total, 'questions', raw))
    on conflict do nothing;
  end if;
  select * into kept from ${T}.share_views v where v.base = link_base and v.name = 'numbers';
  return kept;
end
$fn$;`;

/**
 * One axis of a link's cross-tab from its numbers: for a single choice, each
 * value (and "~none") → the row or column it is shown in: itself when the
 * numbers show its count, else "~others" (every withheld value together,
 * a group of k or more by team.share_line); for a multiple choice, the
 * options whose count is shown.
 */
const axisGroups = `create or replace function ${T}.share_axis(body jsonb, raw jsonb, id text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case raw -> 'questions' -> id ->> 'kind'
    when 'choice' then (
      select coalesce(jsonb_object_agg(key, case when coalesce(body -> 'questions' -> id -> 'counts' -> key, 'null'::jsonb) = 'null'::jsonb then '~others' else key end), '{}')
      from jsonb_each(raw -> 'questions' -> id -> 'counts'))
      || jsonb_build_object('~none', case when body -> 'questions' -> id -> 'none' = 'null'::jsonb then '~others' else '~none' end)
    else (select coalesce(jsonb_object_agg(key, key), '{}') from jsonb_each(body -> 'questions' -> id -> 'counts') where value <> 'null'::jsonb and value::bigint > 0)
  end
$$;`;

/**
 * A link's cross-tab of two of its questions (p < q by id; the caller
 * transposes): the counts of team.crosstab_counts over the link's filter,
 * completed with "no answer" from the link's own numbers (raw), which must
 * still be those counts (a response deleted since: nothing is shown),
 * grouped as the numbers show each axis (share_axis), and withheld by
 * team.share_table: one table for two single choices; one per option of a
 * multiple choice (its option and the rest); one per pair of options of two.
 */
const crosstabView = `create or replace function ${T}.share_crosstab_view(a jsonb, p text, q text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  k int := (a ->> 'minimum_group')::int;
  nv ${T}.share_views := ${T}.share_numbers_view(a);
  body jsonb := nv.body;
  raw jsonb := nv.raw;
  view_key text := 'crosstab' || chr(31) || p || chr(31) || q;
  kept jsonb;
  t jsonb;
  total bigint;
  kp text := raw -> 'questions' -> p ->> 'kind';
  kq text := raw -> 'questions' -> q ->> 'kind';
  gp jsonb := ${T}.share_axis(body, raw, p);
  gq jsonb := ${T}.share_axis(body, raw, q);
  cell jsonb := '{}';
  full_cells jsonb;
  shown jsonb;
  result jsonb := '[]';
  o text;
  o2 text;
  x bigint;
  co bigint;
  co2 bigint;
begin
  select v.body into kept from ${T}.share_views v where v.base = a -> 'link' ->> 'base' and v.name = view_key;
  if kept is not null then return kept; end if;
  if body ? 'belowMinimumGroup' then return body; end if;
  total := (raw ->> 'responses')::bigint;
  t := ${T}.crosstab_counts(a, p, q, a -> 'link' -> 'filters');
  select coalesce(jsonb_object_agg((e ->> 0) || chr(31) || (e ->> 1), (e ->> 2)::bigint), '{}') into cell from jsonb_array_elements(t -> 'cells') e;
  if (t ->> 'rowsAnswered')::bigint is distinct from (raw -> 'questions' -> p ->> 'n')::bigint or (t ->> 'columnsAnswered')::bigint is distinct from (raw -> 'questions' -> q ->> 'n')::bigint then
    kept := jsonb_build_object('changed', true);
  elsif kp = 'choice' and kq = 'choice' then
    -- Every value × every value with "no answer" on both sides (from the numbers' totals), then grouped as the numbers show them.
    with rv as (select key as v, value::bigint as n from jsonb_each_text(raw -> 'questions' -> p -> 'counts')),
      cv as (select key as v, value::bigint as n from jsonb_each_text(raw -> 'questions' -> q -> 'counts')),
      inner_cells as (select rv.v as i, cv.v as j, coalesce((cell ->> (rv.v || chr(31) || cv.v))::bigint, 0) as n from rv, cv),
      all_cells as (
        select i, j, n from inner_cells
        union all select rv.v, '~none', rv.n - coalesce((select sum(n) from inner_cells where i = rv.v), 0) from rv
        union all select '~none', cv.v, cv.n - coalesce((select sum(n) from inner_cells where j = cv.v), 0) from cv
        union all select '~none', '~none', total - (raw -> 'questions' -> p ->> 'n')::bigint - (raw -> 'questions' -> q ->> 'n')::bigint + coalesce((select sum(n) from inner_cells), 0))
    select jsonb_agg(jsonb_build_array(g.i, g.j, g.n) order by g.i, g.j) into full_cells
      from (select gp ->> i as i, gq ->> j as j, sum(n)::bigint as n from all_cells group by 1, 2) g;
    shown := ${T}.share_table(full_cells, k);
    kept := jsonb_build_object('tables', case when shown is null then '[]'::jsonb else jsonb_build_array(shown) end, 'withheldWhole', shown is null);
  elsif kp = 'multiple' and kq = 'multiple' then
    for o in select jsonb_object_keys(gp) loop
      for o2 in select jsonb_object_keys(gq) loop
        x := coalesce((cell ->> (o || chr(31) || o2))::bigint, 0);
        co := (raw -> 'questions' -> p -> 'counts' ->> o)::bigint;
        co2 := (raw -> 'questions' -> q -> 'counts' ->> o2)::bigint;
        shown := ${T}.share_table(jsonb_build_array(jsonb_build_array(o, o2, x), jsonb_build_array(o, '~not', co - x), jsonb_build_array('~not', o2, co2 - x), jsonb_build_array('~not', '~not', total - co - co2 + x)), k);
        result := result || jsonb_build_array(coalesce(shown, jsonb_build_array(jsonb_build_array(o, o2, null))));
      end loop;
    end loop;
    kept := jsonb_build_object('tables', result);
  else
    -- One multiple choice (m) against one single choice (s): per option, the option and the rest × the single choice's groups.
    declare
      m text := case when kp = 'multiple' then p else q end;
      s text := case when kp = 'multiple' then q else p end;
      gm jsonb := case when kp = 'multiple' then gp else gq end;
      gs jsonb := case when kp = 'multiple' then gq else gp end;
      mine jsonb;
    begin
      for o in select jsonb_object_keys(gm) loop
        co := (raw -> 'questions' -> m -> 'counts' ->> o)::bigint;
        with sv as (select key as v, value::bigint as n from jsonb_each_text(raw -> 'questions' -> s -> 'counts')),
          mine_cells as (select sv.v as j, sv.n as cn, coalesce((cell ->> (case when kp = 'multiple' then o || chr(31) || sv.v else sv.v || chr(31) || o end))::bigint, 0) as n from sv),
          all_cells as (
            select o as i, j, n from mine_cells
            union all select '~not', j, cn - n from mine_cells
            union all select o, '~none', co - coalesce((select sum(n) from mine_cells), 0)
            union all select '~not', '~none', (total - (raw -> 'questions' -> s ->> 'n')::bigint) - (co - coalesce((select sum(n) from mine_cells), 0)))
        select jsonb_agg(jsonb_build_array(g.i, g.j, g.n) order by g.i, g.j) into full_cells
          from (select i, gs ->> j as j, sum(n)::bigint as n from all_cells group by 1, 2) g;
        shown := ${T}.share_table(full_cells, k);
        mine := coalesce(shown, (select jsonb_agg(jsonb_build_array(e ->> 0, e ->> 1, null)) from jsonb_array_elements(full_cells) e));
        -- In the asked orientation: p's key first.
        if kp <> 'multiple' then
          mine := (select jsonb_agg(jsonb_build_array(e -> 1, e -> 0, e -> 2)) from jsonb_array_elements(mine) e);
        end if;
        result := result || jsonb_build_array(mine);
      end loop;
      kept := jsonb_build_object('tables', result);
    end;
  end if;
  -- Only the cells of shown groups leave (the rest of a multiple choice's option is its complement, never a row or column).
  kept := kept || jsonb_build_object('cells', (select coalesce(jsonb_agg(e order by e ->> 0, e ->> 1), '[]') from jsonb_array_elements(coalesce(kept -> 'tables', '[]')) tb, jsonb_array_elements(tb) e where e ->> 0 <> '~not' and e ->> 1 <> '~not'));
  kept := kept - 'tables';
  insert into ${T}.share_views (base, name, body) values (a -> 'link' ->> 'base', view_key, kept) on conflict do nothing;
  select v.body into kept from ${T}.share_views v where v.base = a -> 'link' ->> 'base' and v.name = view_key;
  return kept;
end
$fn$;`;

export const shareViewsSql = (): string[] => [eligible, numbersView, axisGroups, crosstabView];
