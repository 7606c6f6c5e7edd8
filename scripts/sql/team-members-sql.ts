/**
 * Who is on the team, and the record of every change to it:
 * - every change of public.team_members takes one advisory lock first
 *   (team.lock_members: the owners' functions before they read anything,
 *   a direct write by service_role or psql in a statement trigger), so two
 *   changes never interleave and the last-owner check reads a team no other
 *   change is altering: two owners removing or demoting each other at the
 *   same moment leave one of them an owner;
 * - an owner may not give themselves the personal-data grant: another owner
 *   or the operator (npm run team) gives it, so that reading personal data
 *   always takes two people, each named in the log;
 * - public.team_member_log: one row per member added, changed or removed
 *   (who, whom, the role and grant before and after, when), written by a
 *   trigger whatever the door (site, REST with the service key, psql).
 *   Owners read it; nobody but service_role may write, change or delete
 *   it, not even through the trigger's function.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";
import { refuse } from "./refuse-sql.ts";

const T = TEAM_SCHEMA;

/** Any constant: the one lock every change of the team takes, held to the end of its transaction. */
const MEMBERS_LOCK = 5_404_001;

const lock = `create or replace function ${T}.lock_members()
returns void
language sql
volatile
set search_path = ''
as $$ select pg_advisory_xact_lock(${MEMBERS_LOCK}) $$;`;

const log = `create table if not exists public.team_member_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text not null,
  member text not null,
  action text not null check (action in ('added', 'changed', 'removed')),
  role_before text,
  role_after text,
  personal_before boolean,
  personal_after boolean
);
alter table public.team_member_log enable row level security;
revoke all on table public.team_member_log from public, anon, authenticated;
grant select on table public.team_member_log to authenticated;
grant all on table public.team_member_log to service_role;
drop policy if exists team_member_log_read on public.team_member_log;
create policy team_member_log_read on public.team_member_log for select to authenticated using (${T}.is_owner());
-- A viewer's limit to one segment (segments-sql.ts), before and after: no reference, a log outlives the segment.
alter table public.team_member_log add column if not exists segment_before uuid;
alter table public.team_member_log add column if not exists segment_after uuid;

-- Who made the change: the signed-in member's e-mail, else the API role (service_role), else the database user (psql).
create or replace function ${T}.log_member_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  claims jsonb := auth.jwt();
  actor text := coalesce(case when claims ->> 'role' = 'authenticated' then lower(claims ->> 'email') end, claims ->> 'role', session_user);
begin
  if tg_op = 'INSERT' then
    insert into public.team_member_log (actor, member, action, role_after, personal_after, segment_after) values (actor, new.email, 'added', new.role, new.personal, (to_jsonb(new) ->> 'segment')::uuid);
  elsif tg_op = 'DELETE' then
    insert into public.team_member_log (actor, member, action, role_before, personal_before, segment_before) values (actor, old.email, 'removed', old.role, old.personal, (to_jsonb(old) ->> 'segment')::uuid);
  elsif (old.role, old.personal, old.email, to_jsonb(old) ->> 'segment') is distinct from (new.role, new.personal, new.email, to_jsonb(new) ->> 'segment') then
    insert into public.team_member_log (actor, member, action, role_before, role_after, personal_before, personal_after, segment_before, segment_after)
    values (actor, new.email, 'changed', old.role, new.role, old.personal, new.personal, (to_jsonb(old) ->> 'segment')::uuid, (to_jsonb(new) ->> 'segment')::uuid);
  end if;
  return null;
end
$fn$;

create or replace function ${T}.lock_members_trigger()
returns trigger
language plpgsql
set search_path = ''
as $fn$
begin
  perform ${T}.lock_members();
  return null;
end
$fn$;

drop trigger if exists team_members_lock on public.team_members;
create trigger team_members_lock before insert or update or delete on public.team_members for each statement execute function ${T}.lock_members_trigger();
drop trigger if exists team_members_log on public.team_members;
create trigger team_members_log after insert or update or delete on public.team_members for each row execute function ${T}.log_member_change();`;

/** Owners only; called after the lock, so that an owner removed or demoted a moment ago is one no longer. */
const rules = `create or replace function ${T}.require_owner()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $fn$
begin
  if not ${T}.is_owner() then
    ${refuse("onlyOwners", "'results: only an owner manages the team'")};
  end if;
end
$fn$;

create or replace function ${T}.keep_an_owner()
returns void
language plpgsql
stable
set search_path = ''
as $fn$
begin
  if not exists (select from public.team_members where role = 'owner') then
    ${refuse("lastOwner", "'results: the team keeps at least one owner'")};
  end if;
end
$fn$;`;

/** Each changing function: the lock, then the owner check, the change, the last-owner check; a fresh snapshot for each statement after the lock. */
const functions = `create or replace function public.results_members()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
begin
  perform ${T}.require_owner();
  return (select coalesce(jsonb_agg(to_jsonb(m) order by m.email), '[]') from public.team_members m);
end
$fn$;

create or replace function public.results_set_member(member_email text, member_role text, member_personal boolean default false)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  address text := lower(trim(member_email));
  me public.team_members;
begin
  perform ${T}.lock_members();
  perform ${T}.require_owner();
  me := ${T}.member();
  if address = me.email and coalesce(member_personal, false) and not me.personal then
    ${refuse("selfGrant", "'results: an owner may not give themselves the personal-data grant; another owner or npm run team gives it'")};
  end if;
  if member_role is distinct from 'viewer' and exists (select from public.team_members t where t.email = address and to_jsonb(t) ->> 'segment' is not null) then
    ${refuse("viewerOnlyLimit", "'results: a member limited to a segment stays a viewer: lift the limit first'")};
  end if;
  insert into public.team_members as m (email, role, personal) values (address, member_role, coalesce(member_personal, false))
  on conflict (email) do update set role = excluded.role, personal = excluded.personal;
  perform ${T}.keep_an_owner();
end
$fn$;

create or replace function public.results_remove_member(member_email text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
begin
  perform ${T}.lock_members();
  perform ${T}.require_owner();
  delete from public.team_members where email = lower(trim(member_email));
  perform ${T}.keep_an_owner();
end
$fn$;

-- The newest changes first, for the members page.
create or replace function public.results_member_log(page_size int default 100)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
begin
  perform ${T}.require_owner();
  return (select coalesce(jsonb_agg(to_jsonb(l) order by l.id desc), '[]')
    from (select * from public.team_member_log order by id desc limit least(greatest(coalesce(page_size, 100), 1), 1000)) l);
end
$fn$;`;

export const TEAM_MEMBERS_FUNCTIONS = ["results_members()", "results_set_member(text, text, boolean)", "results_remove_member(text)", "results_member_log(int)"];

const grants = `revoke all on function ${T}.lock_members(), ${T}.log_member_change(), ${T}.lock_members_trigger(), ${T}.require_owner(), ${T}.keep_an_owner() from public, anon, authenticated;
grant execute on function ${T}.lock_members(), ${T}.log_member_change(), ${T}.lock_members_trigger(), ${T}.require_owner(), ${T}.keep_an_owner() to service_role;
${TEAM_MEMBERS_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const teamMembersSql = (): string[] => [lock, log, rules, functions, grants];
