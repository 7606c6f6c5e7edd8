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
 * - A kept view is also answered by GET (results_shared_kept,
 *   share-cache-sql.ts) with an ETag and Cache-Control, so that browsers and
 *   CDNs keep it; what both doors answer is shaped once (share-answers-sql.ts).
 */
import { TEAM_SCHEMA } from "./team-sql.ts";
import { SHARE_SUPPRESSION_FUNCTIONS, shareLineSql, shareTableSql } from "./share-suppression-sql.ts";
import { SHARE_VIEW_FUNCTIONS, shareViewsSql } from "./share-views-sql.ts";
import { SHARED_GET_SIGNATURE, sharedGetSql } from "./share-cache-sql.ts";
import { refuseShare, SHARE_ANSWER_FUNCTIONS, shareAnswersSql } from "./share-answers-sql.ts";

const T = TEAM_SCHEMA;

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

/** A link's reads by POST: each view computed on its first read and kept (share-views-sql.ts). */
const shared = `create or replace function public.results_shared_numbers(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.share_access(token);
begin
  return ${T}.share_numbers_answer(a, ${T}.share_numbers_view(a));
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
begin
  perform ${T}.share_crosstab_asked(a, row_axis, column_axis);
  return ${T}.share_crosstab_answer(a, ${T}.share_crosstab_view(a, least(row_axis, column_axis), greatest(row_axis, column_axis)), row_axis, column_axis);
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

export const SHARED_FUNCTIONS = ["results_shared_numbers(text)", "results_shared_crosstab(text, text, text)", SHARED_GET_SIGNATURE];
export const SHARE_OWNER_FUNCTIONS = ["results_share_create(text, jsonb, text[], boolean, boolean, int, timestamptz)", "results_share_revoke(uuid)", "results_share_list()"];
const INTERNAL = ["share_actor()", ...SHARE_SUPPRESSION_FUNCTIONS, "share_access(text)", ...SHARE_VIEW_FUNCTIONS, ...SHARE_ANSWER_FUNCTIONS];

const grants = `${INTERNAL.map((f) => `revoke all on function ${T}.${f} from public, anon, authenticated;\ngrant execute on function ${T}.${f} to service_role;`).join("\n")}
${SHARED_FUNCTIONS.map((f) => `revoke all on function public.${f} from public;\ngrant execute on function public.${f} to anon, authenticated, service_role;`).join("\n")}
${SHARE_OWNER_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const shareLinksSql = (): string[] => [tables, actor, shareLineSql, shareTableSql, access, ...shareViewsSql(), shareAnswersSql, shared, sharedGetSql, create, grants];
