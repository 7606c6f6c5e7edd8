/**
 * The team's side of the database: who may read the results, and the
 * functions the results site calls. Members (public.team_members: an
 * e-mail, a role viewer | analyst | owner, and a separate personal-data
 * grant) are matched by the e-mail claim of the Supabase Auth token
 * (auth.jwt()); row-level security lets a member read their own row and an
 * owner every row, and nobody but service_role write them directly.
 * Everything else goes through SECURITY DEFINER functions with an empty
 * search_path: the survey tables keep no SELECT grant for anon or
 * authenticated, so a response leaves the database only as these functions
 * shape it, without its personal columns unless the member holds the grant
 * (and, where the survey asks, signed in with a second factor: aal2). The
 * numbers are report.survey_numbers' (report-sql.ts), called with the
 * survey's request stored by its own migration (team-survey-sql.ts) and
 * filters built here from checked values: a caller never names a column.
 */
import { refuse } from "./refuse-sql.ts";
import { teamFiltersSql } from "./team-filters-sql.ts";
import { TEAM_ROLES, TEAM_SCHEMA } from "./team-schema.ts";

export { TEAM_ROLES, TEAM_SCHEMA, type TeamRole } from "./team-schema.ts";

/**
 * auth.uid() and auth.jwt() as Supabase's image defines them (reading the
 * claims PostgREST sets in request.jwt.claims), created only where they are
 * missing: on a Supabase project the auth schema and these functions belong
 * to supabase_auth_admin and must be left alone.
 */
const authFunctions = `do $do$
begin
  -- Checked first: CREATE SCHEMA IF NOT EXISTS still asks for the right to create schemas.
  if to_regnamespace('auth') is null then
    create schema auth;
  end if;
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid language sql stable as $$
      select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
    $$;
    grant usage on schema auth to anon, authenticated, service_role;
    grant execute on function auth.uid() to anon, authenticated, service_role;
  end if;
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb language sql stable as $$
      select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
    $$;
    grant usage on schema auth to anon, authenticated, service_role;
    grant execute on function auth.jwt() to anon, authenticated, service_role;
  end if;
end
$do$;`;

const tables = `create schema if not exists ${TEAM_SCHEMA};
revoke all on schema ${TEAM_SCHEMA} from public, anon, authenticated;
-- authenticated needs the schema for the row-level security policy's helpers (granted one by one below); PostgREST does not expose it.
grant usage on schema ${TEAM_SCHEMA} to authenticated, service_role;

create table if not exists public.team_members (
  email text primary key check (email = lower(email) and email ~ '^[^@\\s]+@[^@\\s]+$'),
  role text not null check (role in (${TEAM_ROLES.map((role) => `'${role}'`).join(", ")})),
  personal boolean not null default false,
  added_at timestamptz not null default now()
);
alter table public.team_members enable row level security;
revoke all on table public.team_members from public, anon, authenticated;
grant select on table public.team_members to authenticated;
grant all on table public.team_members to service_role;

-- One row per survey, written by its migration: the report's request, which columns are personal, what may be filtered on.
create table if not exists ${TEAM_SCHEMA}.surveys (
  survey_id text primary key,
  survey_table text not null,
  request jsonb not null,
  columns text[] not null,
  personal_ids text[] not null,
  personal_columns text[] not null,
  choices jsonb not null,
  needs_aal2 boolean not null default false
);
-- The fewest responses a view may have before a viewer sees its numbers per question (the survey file's minimumGroup).
alter table ${TEAM_SCHEMA}.surveys add column if not exists minimum_group int not null default 5 check (minimum_group >= 1);
-- What a cross-tab may take as rows or columns, by id: a column and how to read it (src/report/crosstab/axes.ts).
alter table ${TEAM_SCHEMA}.surveys add column if not exists axes jsonb not null default '{}';
revoke all on all tables in schema ${TEAM_SCHEMA} from public, anon, authenticated;

-- Segments: named groups of respondents shared by the team (segments-sql.ts has their rules).
create table if not exists public.team_segments (
  id uuid primary key default gen_random_uuid(),
  survey_id text not null references ${TEAM_SCHEMA}.surveys (survey_id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  filters jsonb not null default '{}' check (jsonb_typeof(filters) = 'object'),
  made_by text not null,
  version int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists team_segments_survey_idx on public.team_segments (survey_id, name);
alter table public.team_segments enable row level security;
revoke all on table public.team_segments from public, anon, authenticated;
grant select, insert, update, delete on table public.team_segments to authenticated;
grant all on table public.team_segments to service_role;

-- A viewer limited to one segment by an owner; the segment cannot be deleted while it limits someone (PostgreSQL 15 says 23503, PGlite 23001).
alter table public.team_members add column if not exists segment uuid references public.team_segments (id) on delete restrict;
alter table public.team_members drop constraint if exists team_members_segment_viewer;
alter table public.team_members add constraint team_members_segment_viewer check (segment is null or role = 'viewer');`;

/** The member the token names: its e-mail claim, for a signed-in user (role authenticated) only. */
const member = `create or replace function ${TEAM_SCHEMA}.member()
returns public.team_members
language sql
stable
security definer
set search_path = ''
as $$
  select m from public.team_members m
  where m.email = lower(auth.jwt() ->> 'email') and auth.jwt() ->> 'role' = 'authenticated'
$$;

create or replace function ${TEAM_SCHEMA}.is_owner()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce((${TEAM_SCHEMA}.member()).role = 'owner', false) $$;

drop policy if exists team_members_read on public.team_members;
create policy team_members_read on public.team_members for select to authenticated
  using (email = lower(auth.jwt() ->> 'email') or ${TEAM_SCHEMA}.is_owner());`;

/**
 * The caller's right to a survey: raises 42501 for a non-member or a role
 * below least_role (before looking at the survey, so that a stranger learns
 * nothing of which surveys exist), 22023 for an unknown survey; returns the
 * survey's row, the role, whether personal answers may leave, and for a
 * viewer limited to a segment its id and filters (segment, limit).
 */
const access = `create or replace function ${TEAM_SCHEMA}.access(survey text, least_role text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  m public.team_members := ${TEAM_SCHEMA}.member();
  rank jsonb := '{"viewer": 1, "analyst": 2, "owner": 3}';
  s ${TEAM_SCHEMA}.surveys;
  limit_survey text;
  limit_filters jsonb;
begin
  if m.email is null then
    ${refuse("notMember", "'results: not a member of the team'")};
  end if;
  if (rank ->> m.role)::int < (rank ->> least_role)::int then
    ${refuse("roleTooLow", "format('results: a %s may not do this (needs %s)', m.role, least_role)")};
  end if;
  select * into s from ${TEAM_SCHEMA}.surveys t where t.survey_id = survey;
  if s.survey_id is null then
    ${refuse("unknownSurvey", "format('results: no survey %L', survey)")};
  end if;
  -- A viewer an owner limited to one segment (segments-sql.ts): that segment's survey only, and its rows only (team.filter_request).
  if to_jsonb(m) ->> 'segment' is not null then
    select g.survey_id, g.filters into limit_survey, limit_filters from public.team_segments g where g.id = (to_jsonb(m) ->> 'segment')::uuid;
    if limit_survey is distinct from survey then
      ${refuse("segmentLimited", "'results: this member sees one segment of one survey only'")};
    end if;
  end if;
  return to_jsonb(s) || jsonb_build_object('role', m.role,
    'personal', m.personal and (not s.needs_aal2 or auth.jwt() ->> 'aal' = 'aal2'), 'segment', to_jsonb(m) -> 'segment', 'limit', limit_filters);
end
$fn$;`;

export function teamSql(): string[] {
  return [authFunctions, tables, member, access, ...teamFiltersSql()];
}
