/**
 * What a share link withholds (share-links-sql.ts), as two pure functions of
 * counts: team.share_line for one line whose total is shown (a question's
 * values and its "no answer"), team.share_table for a two-way table whose
 * row and column totals are all shown. Immutable, no table read: they are
 * tested on random tables apart from any survey
 * (tests/integration/share-links.test.ts), and docs/developers/share-links.md
 * says why what they leave shown gives no withheld count away.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

export const SHARE_SUPPRESSION_FUNCTIONS = ["share_line(jsonb, int)", "share_table(jsonb, int)"];

/**
 * One line of counts (a question's values and its "no answer", or a count
 * and its complement), key → count: the counts from 1 to k - 1 withheld
 * (null), and then the smallest shown counts above 0 as well until the
 * withheld ones are none, or two or more making k or more together. The
 * line's total being shown, a withheld count is then never the total less
 * the shown ones, and the shown ones never leave a small remainder.
 */
export const shareLineSql = `create or replace function ${T}.share_line(cells jsonb, k int)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  withheld text[] := array(select key from jsonb_each_text(cells) where value::bigint between 1 and k - 1);
  total bigint;
  next text;
begin
  loop
    total := (select coalesce(sum(value::bigint), 0) from jsonb_each_text(cells) where key = any (withheld));
    exit when cardinality(withheld) = 0 or (cardinality(withheld) >= 2 and total >= k);
    next := (select key from jsonb_each_text(cells) where value::bigint > 0 and not key = any (withheld) order by value::bigint, key limit 1);
    if next is null then
      return (select coalesce(jsonb_object_agg(key, null), '{}') from jsonb_each(cells));
    end if;
    withheld := withheld || next;
  end loop;
  return (select coalesce(jsonb_object_agg(key, case when key = any (withheld) then 'null'::jsonb else value end), '{}') from jsonb_each(cells));
end
$fn$;`;

/**
 * A two-way table whose row and column totals are all shown: every cell
 * [row, column, count] (zeros included, every row × every column). The
 * counts from 1 to k - 1 are withheld, then shown cells above 0 as well,
 * the smallest first (never the only cell above 0 of its row or column: its
 * total would give it away), until (a) every row and every column has no withheld
 * cell, or two or more making k or more together, and (b) every withheld
 * cell is a corner of a rectangle of withheld cells (two rows × two
 * columns): moving one respondent round that rectangle changes none of the
 * shown numbers, so no withheld count can be recovered from them. (When
 * every corner that would close a cell's rectangle is 0, one more cell of
 * its row or column is withheld, and the search goes on.) Returns
 * the cells with the withheld counts null, or null when no such pattern
 * exists short of withholding the whole table (then nothing is shown).
 */
export const shareTableSql = `create or replace function ${T}.share_table(cells jsonb, k int)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  m int := jsonb_array_length(cells);
  rk text[];
  ck text[];
  vals bigint[];
  held boolean[];
  pos jsonb;
  bad record;
  best int;
  lonely int;
begin
  if m = 0 then return '[]'; end if;
  select array_agg(e ->> 0 order by o), array_agg(e ->> 1 order by o), array_agg((e ->> 2)::bigint order by o), array_agg((e ->> 2)::bigint between 1 and k - 1 order by o),
      jsonb_object_agg((e ->> 0) || chr(31) || (e ->> 1), o)
    into rk, ck, vals, held, pos
    from jsonb_array_elements(cells) with ordinality x(e, o);
  loop
    -- (a) The first line whose withheld cells are one, or under k together: withhold its smallest shown cell above 0.
    select x.d, x.key into bad
      from (select 'r' as d, u.key, u.v, u.w from unnest(rk, vals, held) u(key, v, w) union all select 'c', u.key, u.v, u.w from unnest(ck, vals, held) u(key, v, w)) x
      group by x.d, x.key
      having count(*) filter (where x.w) = 1 or (count(*) filter (where x.w) > 0 and coalesce(sum(x.v) filter (where x.w), 0) < k)
      order by x.d, x.key limit 1;
    if found then
      best := (select u.o from unnest(rk, ck, vals, held) with ordinality u(r, c, v, w, o)
        where not u.w and u.v > 0 and case when bad.d = 'r' then u.r else u.c end = bad.key and exists (select from unnest(rk, ck, vals) z(r, c, v) where z.r = u.r and z.c <> u.c and z.v > 0) and exists (select from unnest(rk, ck, vals) z(r, c, v) where z.c = u.c and z.r <> u.r and z.v > 0) order by u.v, u.o limit 1);
      if best is null then return null; end if;
      held[best] := true;
      continue;
    end if;
    -- (b) The first withheld cell on no rectangle of withheld cells: withhold the smallest shown cell above 0 that closes one.
    lonely := (select u.o from unnest(rk, ck, held) with ordinality u(r, c, w, o)
      where u.w and not exists (
        select from unnest(rk, ck, held) a(r, c, w), unnest(rk, ck, held) b(r, c, w)
        where a.w and a.r = u.r and a.c <> u.c and b.w and b.c = u.c and b.r <> u.r and held[(pos ->> (b.r || chr(31) || a.c))::int])
      order by u.o limit 1);
    exit when lonely is null;
    best := (select (pos ->> (b.r || chr(31) || a.c))::int
      from unnest(rk, ck, held) a(r, c, w), unnest(rk, ck, held) b(r, c, w)
      where a.w and a.r = rk[lonely] and a.c <> ck[lonely] and b.w and b.c = ck[lonely] and b.r <> rk[lonely] and vals[(pos ->> (b.r || chr(31) || a.c))::int] > 0
        and not held[(pos ->> (b.r || chr(31) || a.c))::int]
      order by vals[(pos ->> (b.r || chr(31) || a.c))::int], 1 limit 1);
    -- Every corner that would close one is 0: withhold one more cell of its row or column, whose rectangles are others.
    if best is null then
      best := (select u.o from unnest(rk, ck, vals, held) with ordinality u(r, c, v, w, o)
        where not u.w and u.v > 0 and (u.r = rk[lonely] or u.c = ck[lonely]) and exists (select from unnest(rk, ck, vals) z(r, c, v) where z.r = u.r and z.c <> u.c and z.v > 0) and exists (select from unnest(rk, ck, vals) z(r, c, v) where z.c = u.c and z.r <> u.r and z.v > 0) order by u.v, u.o limit 1);
    end if;
    if best is null then return null; end if;
    held[best] := true;
  end loop;
  return (select jsonb_agg(jsonb_build_array(u.r, u.c, case when u.w then null else u.v end) order by u.o) from unnest(rk, ck, vals, held) with ordinality u(r, c, v, w, o));
end
$fn$;`;
