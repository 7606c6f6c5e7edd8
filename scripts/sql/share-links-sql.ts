/**
 * Share links: results the team publishes to anyone holding a link's token,
 * aggregates only, small groups withheld (docs/equipe/links-publicos.md
 * states the rule for the team, docs/developers/share-links.md proves it).
 *
 * - team.share_links: one row per link, the token stored as its sha256 only;
 *   made, listed and revoked by owners (results_share_create, _list,
 *   _revoke) or the operator (service_role, psql: npm run team -- share),
 *   each making and revoking written to public.team_member_log.
 * - What a link shows is fixed when it is made: the survey, a filter of the
 *   results site's (team.filter_request) always ending on a day before the
 *   one it is made on (its numbers never change as responses arrive: two
 *   visits a day apart are not two views), the questions (single and
 *   multiple choice, free texts only when allowed, never a personal
 *   question) and whether cross-tabs of those questions are offered. Every
 *   live link of a survey has the same filter and minimum group, so that two
 *   links are never two views of which the difference is a small group.
 * - A link's reads (results_shared_numbers, results_shared_crosstab, for
 *   anon) resolve the token inside the database and count with the results
 *   site's own functions (team.numbers, team.crosstab_counts), then withhold
 *   (team.share_line, team.share_table). Each view is computed once per link
 *   base and kept (team.share_views): it never changes afterwards, and a
 *   viral link costs a primary-key read.
 */
import { SHARE_REFUSALS, shareRefusalDetail, type ShareRefusal } from "../../src/core/share-refusals.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

const refuseShare = (refusal: ShareRefusal, message: string): string =>
  `raise exception using errcode = '${SHARE_REFUSALS[refusal]}', message = ${message}, detail = '${shareRefusalDetail(refusal)}'`;

const tables = `create table if not exists ${T}.share_links (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  survey_id text not null,
  made_by text not null,
  made_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by text,
  filters jsonb not null,
  questions text[] not null,
  free_texts boolean not null default false,
  crosstabs boolean not null default false,
  minimum_group int not null check (minimum_group >= 2),
  base text not null
);
-- Each view a link base showed, as it showed it (body) and the counts it was withheld from (raw, never returned): computed once.
create table if not exists ${T}.share_views (
  base text not null,
  name text not null,
  body jsonb not null,
  raw jsonb,
  made_at timestamptz not null default now(),
  primary key (base, name)
);
revoke all on table ${T}.share_links, ${T}.share_views from public, anon, authenticated;
grant all on table ${T}.share_links, ${T}.share_views to service_role;
-- The audit log records links too: who made or revoked which (member is the link's id), and what it shows (detail).
alter table public.team_member_log add column if not exists detail jsonb;
alter table public.team_member_log drop constraint if exists team_member_log_action_check;
alter table public.team_member_log add constraint team_member_log_action_check check (action in ('added', 'changed', 'removed', 'shareMade', 'shareRevoked'));`;

/** Who makes or revokes a link: an owner (by the token's e-mail), else the API's service role or the database user; 42501 for anyone else. */
const actor = `create or replace function ${T}.share_actor()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  claims jsonb := auth.jwt();
begin
  if claims ->> 'role' = 'authenticated' then
    if not ${T}.is_owner() then ${refuseShare("onlyOwners", "'share: only an owner makes, lists or revokes share links'")}; end if;
    return lower(claims ->> 'email');
  end if;
  if claims ->> 'role' is not null and claims ->> 'role' <> 'service_role' then
    ${refuseShare("onlyOwners", "'share: only an owner makes, lists or revokes share links'")};
  end if;
  return coalesce(claims ->> 'role', session_user);
end
$fn$;`;

/**
 * One line of counts (a question's values and its "no answer", or a count
 * and its complement), key → count: the counts from 1 to k - 1 withheld
 * (null), and then the smallest shown counts above 0 as well until the
 * withheld ones are none, or two or more making k or more together. The
 * line's total being shown, a withheld count is then never the total less
 * the shown ones, and the shown ones never leave a small remainder.
 */
const line = `create or replace function ${T}.share_line(cells jsonb, k int)
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
const table = `create or replace function ${T}.share_table(cells jsonb, k int)
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

/** A link by its token, live (not revoked, not expired), with its survey's row, as team.access gives a member's: PT404 (HTTP 404) for any other token alike. */
const access = `create or replace function ${T}.share_access(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  l ${T}.share_links;
  s ${T}.surveys;
begin
  select * into l from ${T}.share_links x
    where x.token_hash = sha256(convert_to(coalesce(token, ''), 'UTF8')) and x.revoked_at is null and (x.expires_at is null or x.expires_at > now());
  if l.id is not null then
    select * into s from ${T}.surveys t where t.survey_id = l.survey_id;
  end if;
  if s.survey_id is null then
    ${refuseShare("notFound", "'share: no such link'")};
  end if;
  return to_jsonb(s) || jsonb_build_object('role', 'link', 'personal', false, 'minimum_group', l.minimum_group,
    'link', jsonb_build_object('id', l.id, 'filters', l.filters, 'questions', to_jsonb(l.questions), 'freeTexts', l.free_texts, 'crosstabs', l.crosstabs, 'base', l.base, 'madeAt', l.made_at, 'expiresAt', l.expires_at));
end
$fn$;`;

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

/** What a link shows of its numbers: its questions only, texts only when it allows them. */
const shared = `create or replace function public.results_shared_numbers(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.share_access(token);
  v ${T}.share_views := ${T}.share_numbers_view(a);
  allowed jsonb := a -> 'link' -> 'questions';
  about jsonb := jsonb_build_object('survey', a ->> 'survey_id', 'minimumGroup', (a ->> 'minimum_group')::int, 'filters', a -> 'link' -> 'filters',
    'questions', allowed, 'crosstabs', a -> 'link' -> 'crosstabs', 'updatedAt', v.made_at, 'expiresAt', a -> 'link' -> 'expiresAt');
begin
  if v.body ? 'belowMinimumGroup' then return v.body || about; end if;
  return about || jsonb_build_object('responses', v.body -> 'responses', 'numbers', (
    select coalesce(jsonb_object_agg(key, case when (a -> 'link' ->> 'freeTexts')::boolean then value else value - 'texts' end), '{}')
    from jsonb_each(v.body -> 'questions') where allowed ? key));
end
$fn$;

create or replace function public.results_shared_crosstab(token text, row_axis text, column_axis text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.share_access(token);
  allowed jsonb := a -> 'link' -> 'questions';
  kinds jsonb := (select jsonb_object_agg(e ->> 'id', e ->> 'kind') from jsonb_array_elements(${T}.share_questions(a)) e);
  t jsonb;
begin
  if not (a -> 'link' ->> 'crosstabs')::boolean then
    ${refuseShare("noCrosstabs", "'share: this link offers no cross-tabs'")};
  end if;
  if row_axis is null or column_axis is null or row_axis = column_axis or not (allowed ? row_axis) or not (allowed ? column_axis)
     or coalesce(kinds ->> row_axis, '') not in ('choice', 'multiple') or coalesce(kinds ->> column_axis, '') not in ('choice', 'multiple') then
    ${refuseShare("question", "'share: a cross-tab of a link takes two of its single or multiple choice questions'")};
  end if;
  t := ${T}.share_crosstab_view(a, least(row_axis, column_axis), greatest(row_axis, column_axis));
  if row_axis > column_axis and t ? 'cells' then
    t := t || jsonb_build_object('cells', (select coalesce(jsonb_agg(jsonb_build_array(e -> 1, e -> 0, e -> 2) order by e ->> 1, e ->> 0), '[]') from jsonb_array_elements(t -> 'cells') e));
  end if;
  return t || jsonb_build_object('rowAxis', row_axis, 'columnAxis', column_axis, 'minimumGroup', (a ->> 'minimum_group')::int);
end
$fn$;`;

/**
 * An owner (or the operator) makes a link: its filter checked as the site's
 * (team.filter_request, without the personal-data grant), ending on a day
 * before today in the survey's zone (yesterday when it names none); its
 * questions among team.share_questions (all of its choices when it names
 * none); its minimum group never below the survey's. Returns the token,
 * which the database keeps only as its sha256: shown once.
 */
const create = `create or replace function public.results_share_create(link_survey text, link_filters jsonb default '{}', link_questions text[] default null, link_free_texts boolean default false,
  link_crosstabs boolean default false, link_minimum_group int default 11, link_expires_at timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  who text := ${T}.share_actor();
  s ${T}.surveys;
  a jsonb;
  zone text;
  f jsonb := coalesce(link_filters, '{}');
  today date;
  kinds jsonb;
  chosen text[];
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  made ${T}.share_links;
begin
  perform ${T}.lock_members();
  select * into s from ${T}.surveys t where t.survey_id = link_survey;
  if s.survey_id is null then
    raise exception using errcode = '22023', message = format('share: no survey %L', link_survey), detail = 'results/unknownSurvey';
  end if;
  a := to_jsonb(s) || jsonb_build_object('role', 'owner', 'personal', false);
  zone := coalesce(s.request ->> 'timeZone', 'UTC');
  today := (now() at time zone zone)::date;
  if not f ? 'until' then f := f || jsonb_build_object('until', (today - 1)::text); end if;
  perform ${T}.filter_request(a, f);
  if (f ->> 'until')::date >= today then
    ${refuseShare("openPeriod", "format('share: a link shows whole days before today (%s in %s): until %s is not one', today, zone, f ->> 'until')")};
  end if;
  if coalesce(link_minimum_group, 0) < greatest(s.minimum_group, 2) then
    ${refuseShare("minimumGroup", "format('share: a link''s minimum group is at least the survey''s (%s)', greatest(s.minimum_group, 2))")};
  end if;
  kinds := (select jsonb_object_agg(e ->> 'id', e ->> 'kind') from jsonb_array_elements(${T}.share_questions(a)) e);
  chosen := coalesce(link_questions, array(select e ->> 'id' from jsonb_array_elements(${T}.share_questions(a)) e where e ->> 'kind' <> 'text' or link_free_texts));
  if cardinality(chosen) = 0 or exists (select from unnest(chosen) c where not coalesce(kinds ? c, false) or (kinds ->> c = 'text' and not link_free_texts)) then
    ${refuseShare("question", "'share: a link shows single and multiple choice questions that are not personal (free texts only with free_texts)'")};
  end if;
  if exists (select from ${T}.share_links l where l.survey_id = link_survey and l.revoked_at is null and (l.expires_at is null or l.expires_at > now())
             and (l.filters, l.minimum_group) is distinct from (f, link_minimum_group)) then
    ${refuseShare("conflict", "'share: every live link of a survey shows the same filter with the same minimum group (revoke the other links first)'")};
  end if;
  insert into ${T}.share_links (token_hash, survey_id, made_by, expires_at, filters, questions, free_texts, crosstabs, minimum_group, base)
  values (sha256(convert_to(token, 'UTF8')), link_survey, who, link_expires_at, f, chosen, coalesce(link_free_texts, false), coalesce(link_crosstabs, false), link_minimum_group,
    md5(link_survey || chr(31) || f::text || chr(31) || link_minimum_group))
  returning * into made;
  insert into public.team_member_log (actor, member, action, detail)
  values (who, made.id::text, 'shareMade', jsonb_build_object('survey', made.survey_id, 'filters', made.filters, 'questions', to_jsonb(made.questions), 'freeTexts', made.free_texts,
    'crosstabs', made.crosstabs, 'minimumGroup', made.minimum_group, 'expiresAt', made.expires_at));
  -- Its numbers now, once: every later view of them is this one.
  if made.expires_at is null or made.expires_at > now() then
    perform ${T}.share_numbers_view(${T}.share_access(token));
  end if;
  return jsonb_build_object('id', made.id, 'token', token, 'survey', made.survey_id, 'filters', made.filters, 'questions', to_jsonb(made.questions),
    'freeTexts', made.free_texts, 'crosstabs', made.crosstabs, 'minimumGroup', made.minimum_group, 'expiresAt', made.expires_at, 'madeAt', made.made_at, 'madeBy', made.made_by);
end
$fn$;

create or replace function public.results_share_revoke(link_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  who text := ${T}.share_actor();
  gone ${T}.share_links;
begin
  update ${T}.share_links set revoked_at = now(), revoked_by = who where id = link_id and revoked_at is null returning * into gone;
  if gone.id is null then return false; end if;
  insert into public.team_member_log (actor, member, action, detail) values (who, gone.id::text, 'shareRevoked', jsonb_build_object('survey', gone.survey_id));
  return true;
end
$fn$;

create or replace function public.results_share_list()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
begin
  perform ${T}.share_actor();
  return (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'survey', l.survey_id, 'madeBy', l.made_by, 'madeAt', l.made_at, 'expiresAt', l.expires_at,
      'revokedAt', l.revoked_at, 'revokedBy', l.revoked_by, 'filters', l.filters, 'questions', to_jsonb(l.questions), 'freeTexts', l.free_texts,
      'crosstabs', l.crosstabs, 'minimumGroup', l.minimum_group) order by l.made_at desc, l.id), '[]')
    from ${T}.share_links l);
end
$fn$;`;

export const SHARED_FUNCTIONS = ["results_shared_numbers(text)", "results_shared_crosstab(text, text, text)"];
export const SHARE_OWNER_FUNCTIONS = ["results_share_create(text, jsonb, text[], boolean, boolean, int, timestamptz)", "results_share_revoke(uuid)", "results_share_list()"];
const INTERNAL = ["share_actor()", "share_line(jsonb, int)", "share_table(jsonb, int)", "share_access(text)", "share_questions(jsonb)", "share_numbers_view(jsonb)", "share_axis(jsonb, jsonb, text)", "share_crosstab_view(jsonb, text, text)"];

const grants = `${INTERNAL.map((f) => `revoke all on function ${T}.${f} from public, anon, authenticated;\ngrant execute on function ${T}.${f} to service_role;`).join("\n")}
${SHARED_FUNCTIONS.map((f) => `revoke all on function public.${f} from public;\ngrant execute on function public.${f} to anon, authenticated, service_role;`).join("\n")}
${SHARE_OWNER_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const shareLinksSql = (): string[] => [tables, actor, line, table, access, eligible, numbersView, axisGroups, crosstabView, shared, create, grants];
