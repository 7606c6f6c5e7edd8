/**
 * What stands between the public anon key and the database besides each
 * table's own CHECKs, as a Supabase project can be configured (no server of
 * our own in production). All of it lives in the schema `survey_private`,
 * which PostgREST does not expose, so none of it is callable through /rpc:
 *
 * - a per-client rate limit on writes by the API roles, run by PostgREST
 *   before every request (`db-pre-request`, as Supabase's guide "Securing
 *   your API" sets it up), keyed on the address the trusted proxy appended
 *   to X-Forwarded-For (the rightmost entry; the leftmost is whatever the
 *   client wrote), hashed with a salt that never leaves the database and is
 *   replaced by a new random one each day (so no hash links a client across
 *   days), counted in an unlogged table (one upsert into the connection's
 *   slot, then the sum of the address's slots for the minute);
 * - trigger functions the survey tables use: one response per insert
 *   request, `created_at` always the server's time, and the campaign's
 *   window and response limit (campaign-sql.ts);
 * - statement time-outs for the API roles, so one request cannot hold the
 *   database (Supabase's own defaults).
 */
import { campaignGuardSql } from "./campaign-sql.ts";

export const GUARD_SCHEMA = "survey_private";
export const PRE_REQUEST_FUNCTION = `${GUARD_SCHEMA}.check_request`;
export const ONE_RESPONSE_FUNCTION = `${GUARD_SCHEMA}.one_response_per_request`;
export const SERVER_TIME_FUNCTION = `${GUARD_SCHEMA}.created_at_from_server`;

/**
 * Writes per client address and minute. Mobile carriers put many phones
 * behind one address, and a respondent makes a handful of requests, so the
 * default lets a crowd through and stops a flood of thousands. Operators
 * change it with `update survey_private.settings set writes_per_minute = …`.
 */
export const DEFAULT_WRITES_PER_MINUTE = 120;

export const STATEMENT_TIMEOUTS = { anon: "3s", authenticated: "8s" } as const;

const API_ROLES = "anon, authenticated";

export function apiGuardSql(): string[] {
  return [
    `-- Not exposed by PostgREST (only "public" is), so nothing here is callable through /rpc.
create schema if not exists ${GUARD_SCHEMA};
-- Every role PostgREST switches to runs the pre-request function, so all may use the
-- schema; its tables are closed to everyone but their owner.
grant usage on schema ${GUARD_SCHEMA} to public;`,
    `-- One row: the salt of the address hashes (never a raw address), the day it was drawn, and the limit.
create table if not exists ${GUARD_SCHEMA}.settings (
  singleton boolean primary key default true check (singleton),
  salt text not null default gen_random_uuid()::text,
  writes_per_minute integer not null default ${DEFAULT_WRITES_PER_MINUTE} check (writes_per_minute > 0)
);
alter table ${GUARD_SCHEMA}.settings add column if not exists salt_day date not null default current_date;
insert into ${GUARD_SCHEMA}.settings default values on conflict do nothing;

-- Unlogged: counters are worth nothing after a crash and cost no WAL. Each address's count is
-- spread over slots, one per connection (as the report's tallies, tally-tables-sql.ts), and summed:
-- clients behind one address (a carrier's) do not all wait on one row. A table of an older
-- version, one row per address and minute, is made again (it holds the last two minutes only).
do $codegen$
begin
  -- to_regclass, not a ::regclass literal: a literal is resolved when the condition is planned, before the
  -- first test can spare it, and fails on a database where the table does not exist yet.
  if to_regclass('${GUARD_SCHEMA}.write_counts') is not null and not exists (
    select from pg_attribute where attrelid = to_regclass('${GUARD_SCHEMA}.write_counts') and attname = 'slot' and not attisdropped) then
    drop table ${GUARD_SCHEMA}.write_counts;
  end if;
end
$codegen$;
create unlogged table if not exists ${GUARD_SCHEMA}.write_counts (
  client_hash text not null,
  minute timestamptz not null,
  slot smallint not null,
  writes integer not null,
  primary key (client_hash, minute, slot)
) with (fillfactor = 50);
create index if not exists write_counts_minute on ${GUARD_SCHEMA}.write_counts (minute);
revoke all on all tables in schema ${GUARD_SCHEMA} from public, ${API_ROLES};`,
    `create or replace function ${PRE_REQUEST_FUNCTION}()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  forwarded text := coalesce(current_setting('request.headers', true)::json ->> 'x-forwarded-for', '');
  client text := btrim(split_part(forwarded, ',', -1));
  this_minute timestamptz := date_trunc('minute', now());
  limits ${GUARD_SCHEMA}.settings;
  client_key text;
  counted integer;
begin
  -- Reads are refused anyway; only writes by the public roles are counted. (current_user
  -- is this function's owner here, security definer; the role PostgREST switched to is "role".)
  if current_setting('request.method', true) is distinct from 'POST' or current_setting('role') not in ('anon', 'authenticated') then
    return;
  end if;
  select * into limits from ${GUARD_SCHEMA}.settings;
  -- A new salt each day: yesterday's hashes can no longer be matched to today's clients.
  if limits.salt_day is distinct from current_date then
    update ${GUARD_SCHEMA}.settings set salt = gen_random_uuid()::text, salt_day = current_date
     where salt_day is distinct from current_date;
    -- Read again: a concurrent request may have drawn it first.
    select * into limits from ${GUARD_SCHEMA}.settings;
  end if;
  client_key := encode(sha256(convert_to(limits.salt || '|' || client, 'UTF8')), 'hex');
  insert into ${GUARD_SCHEMA}.write_counts as counts (client_hash, minute, slot, writes)
  values (client_key, this_minute, (pg_backend_pid() % 64)::smallint, 1)
  on conflict (client_hash, minute, slot) do update set writes = counts.writes + 1
  returning writes into counted;
  if counted = 1 then
    delete from ${GUARD_SCHEMA}.write_counts where minute < this_minute - interval '2 minutes';
  end if;
  -- This connection's slot and the others' committed counts.
  select sum(writes) into counted from ${GUARD_SCHEMA}.write_counts where client_hash = client_key and minute = this_minute;
  if counted > limits.writes_per_minute then
    -- PostgREST answers PTxyz with HTTP status xyz.
    raise sqlstate 'PT429' using message = 'Too many requests from this address; try again in a minute.';
  end if;
end
$$;
grant execute on function ${PRE_REQUEST_FUNCTION}() to public;`,
    `create or replace function ${ONE_RESPONSE_FUNCTION}()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_setting('role') in ('anon', 'authenticated') and (select count(*) from inserted) > 1 then
    raise exception 'one response per request: this request inserts % rows', (select count(*) from inserted)
      using errcode = '22023', hint = 'Send each response in its own request.';
  end if;
  return null;
end
$$;
create or replace function ${SERVER_TIME_FUNCTION}()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The public roles cannot choose when their row was stored (the column's default,
  -- now(), is all they get); the service role (imports) can.
  if current_setting('role') in ('anon', 'authenticated') and new.created_at is distinct from now() then
    raise exception 'created_at is set by the server' using errcode = '22023', hint = 'Leave created_at out of the request.';
  end if;
  return new;
end
$$;
revoke all on function ${ONE_RESPONSE_FUNCTION}() from public, ${API_ROLES};
revoke all on function ${SERVER_TIME_FUNCTION}() from public, ${API_ROLES};`,
    campaignGuardSql(),
    `-- PostgREST reads these role settings (and reloads them on the notification).
alter role authenticator set pgrst.db_pre_request = '${PRE_REQUEST_FUNCTION}';
alter role anon set statement_timeout = '${STATEMENT_TIMEOUTS.anon}';
alter role authenticated set statement_timeout = '${STATEMENT_TIMEOUTS.authenticated}';
notify pgrst, 'reload config';`,
  ];
}
