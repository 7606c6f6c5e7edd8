/**
 * A share link's views by GET, so that browsers and CDNs may keep them: the
 * views are kept once computed (team.share_views, share-views-sql.ts) and
 * their bytes never change afterwards, so an answer is one ETag for as long
 * as its view is kept. public.results_shared_kept is STABLE and writes
 * nothing (PostgREST runs a GET read-only): it resolves the token as the
 * POST functions do (an unknown, revoked or expired token is the same 404,
 * checked before anything is answered, also before a 304), checks a
 * cross-tab's axes as they do, and answers only a view already kept, shaped
 * by the same functions (share-answers-sql.ts). A view not kept yet is
 * `null` with `Cache-Control: no-store`: the page then asks by POST, which
 * computes and keeps it and is counted by the API guard as every POST.
 *
 * The answer carries `ETag: "<base>-<the view's made_at in µs>"` (the link's
 * base, its survey, filter and minimum group; made_at changes only when the
 * view is made again after the operator deleted it, for instance after a
 * respondent's answers were erased) and `Cache-Control: public, max-age=60`
 * (less when the link expires sooner). A request whose If-None-Match names
 * it (weakly, as RFC 9110 compares it: a CDN that compresses may add W/) is
 * answered 304 without a body.
 */
import { SHARED_GET_FUNCTION, SHARED_MAX_AGE_SECONDS } from "../../src/core/share-cache.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

export const SHARED_GET_SIGNATURE = `${SHARED_GET_FUNCTION}(text, text, text)`;

export const sharedGetSql = `create or replace function public.${SHARED_GET_FUNCTION}(token text, row_axis text default null, column_axis text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.share_access(token);
  view_name text := case when row_axis is null and column_axis is null then 'numbers' else ${T}.share_crosstab_asked(a, row_axis, column_axis) end;
  v ${T}.share_views;
  etag text;
  max_age int := ${SHARED_MAX_AGE_SECONDS};
  asked text := coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'if-none-match', '');
begin
  select * into v from ${T}.share_views x where x.base = a -> 'link' ->> 'base' and x.name = view_name;
  if v.base is null then
    perform set_config('response.headers', '[{"Cache-Control": "no-store"}]', true);
    return null;
  end if;
  etag := format('"%s-%s"', v.base, (extract(epoch from v.made_at) * 1000000)::bigint);
  if a -> 'link' ->> 'expiresAt' is not null then
    max_age := least(max_age, greatest(0, floor(extract(epoch from (a -> 'link' ->> 'expiresAt')::timestamptz - now())))::int);
  end if;
  perform set_config('response.headers', json_build_array(json_build_object('ETag', etag), json_build_object('Cache-Control', format('public, max-age=%s', max_age)))::text, true);
  if exists (select from regexp_split_to_table(asked, '\\s*,\\s*') e where e = '*' or regexp_replace(e, '^W/', '') = etag) then
    perform set_config('response.status', '304', true);
    return null;
  end if;
  if view_name = 'numbers' then
    return ${T}.share_numbers_answer(a, v);
  end if;
  return ${T}.share_crosstab_answer(a, v.body, row_axis, column_axis);
end
$fn$;`;
