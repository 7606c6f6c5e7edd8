/**
 * What stands between the public anon key and the database besides each
 * table's own CHECKs, as a Supabase project can be configured (no server of
 * our own in production). All of it lives in the schema `survey_private`,
 * which PostgREST does not expose, so none of it is callable through /rpc:
 *
 * - rate limits, run by PostgREST before every request (`db-pre-request`,
 *   as Supabase's guide "Securing your API" sets it up), each kind of
 *   request with a budget of its own per minute, so that one kind never
 *   spends another's:
 *   - look-ups by a respondent's code or secret (receipt read and delete,
 *     resume of a partial response: guesses, to an attacker), per address;
 *   - a signed-in member's calls to the results functions, per member (an
 *     export of a million rows is a thousand of them, and the team's office
 *     may share an address with respondents);
 *   - every other write of the public roles (the respondents'), per address.
 *   Every verb that can be counted is: a GET or HEAD runs in a read-only
 *   transaction, where nothing can be written, so a function is answered by
 *   POST only (405 otherwise) and a GET reaches only tables, which the
 *   public roles cannot read (a member reads their own team_members row
 *   and, as row-level security lets them, the team's segments). One
 *   function is let through by GET, uncounted: a share link's kept view
 *   (share-cache-sql.ts), so that browsers and CDNs may cache it. It reads
 *   two rows by primary key (the link by its token's hash, the view) and
 *   computes nothing, less work than this guard's own counting of a
 *   request it then refuses; what computes a view is its POST, counted.
 *   The address is the one the trusted proxy appended to X-Forwarded-For
 *   (the rightmost entry; the leftmost is whatever the client wrote); it
 *   and a member's e-mail are kept only hashed with a salt that never
 *   leaves the database and is replaced by a new random one each day (so
 *   no hash links a client across days), counted in an unlogged table (one
 *   upsert into the connection's slot, then the sum of the slots for the
 *   minute);
 * - trigger functions the survey tables use: one response per insert
 *   request, `created_at` always the server's time, and the campaign's
 *   window and response limit (campaign-sql.ts);
 * - statement time-outs for the API roles, so one request cannot hold the
 *   database (Supabase's own defaults).
 */
import { partialFunctionName } from "../../src/core/partial-response.ts";
import { receiptFunctionName } from "../../src/core/receipt.ts";
import { SHARED_GET_FUNCTION } from "../../src/core/share-cache.ts";
import { campaignGuardSql } from "./campaign-sql.ts";
import { sqlLiteral } from "./sql-text.ts";

export const GUARD_SCHEMA = "survey_private";
export const PRE_REQUEST_FUNCTION = `${GUARD_SCHEMA}.check_request`;
export const ONE_RESPONSE_FUNCTION = `${GUARD_SCHEMA}.one_response_per_request`;
export const SERVER_TIME_FUNCTION = `${GUARD_SCHEMA}.created_at_from_server`;
export const REQUEST_COUNTS_TABLE = `${GUARD_SCHEMA}.request_counts`;

/**
 * Writes per client address and minute. Mobile carriers put many phones
 * behind one address, and a respondent makes a handful of requests, so the
 * default lets a crowd through and stops a flood of thousands. Operators
 * change the budgets with `update survey_private.settings set
 * writes_per_minute = …` (guesses_per_minute, member_reads_per_minute).
 */
export const DEFAULT_WRITES_PER_MINUTE = 120;
/** Look-ups by code or secret per address and minute: a respondent makes one or two; the codes' odds are reckoned at far more (receipts.md). */
export const DEFAULT_GUESSES_PER_MINUTE = 60;
/** Results calls per member and minute: an export of 1,000,000 rows is 1,000 pages, and the site's refresh a handful of calls. */
export const DEFAULT_MEMBER_READS_PER_MINUTE = 3000;
/** The answers of the guard, by kind (HTTP 429, and 405 for a function called by GET or HEAD). */
export const TOO_MANY = {
  writes: "Too many requests from this address; try again in a minute.",
  guesses: "Too many look-ups from this address; try again in a minute.",
  memberReads: "Too many requests from this account; try again in a minute.",
  get: "Functions are called with POST.",
} as const;

export const STATEMENT_TIMEOUTS = { anon: "3s", authenticated: "8s" } as const;

const API_ROLES = "anon, authenticated";

/** Any table's name in a function name, for a LIKE pattern (the rest of the name is escaped). */
const ANY_TABLE = "\u0001";
const likePattern = (name: string) => name.replace(/[\\%_]/g, (c) => `\\${c}`).replace(ANY_TABLE, "%");
/** The look-ups by a respondent's code or secret, whatever the survey's table. */
const GUESS_FUNCTIONS = [receiptFunctionName(ANY_TABLE, "read"), receiptFunctionName(ANY_TABLE, "delete"), partialFunctionName(ANY_TABLE, "resume")].map(likePattern);
/** The results site's functions (results-functions-sql.ts, results-sections-sql.ts). */
const MEMBER_FUNCTIONS = likePattern(`results_${ANY_TABLE}`);

export function apiGuardSql(): string[] {
  return [
    `-- Not exposed by PostgREST (only "public" is), so nothing here is callable through /rpc.
create schema if not exists ${GUARD_SCHEMA};
-- Every role PostgREST switches to runs the pre-request function, so all may use the
-- schema; its tables are closed to everyone but their owner.
grant usage on schema ${GUARD_SCHEMA} to public;`,
    `-- One row: the salt of the hashes (never a raw address or e-mail), the day it was drawn, and the budgets.
create table if not exists ${GUARD_SCHEMA}.settings (
  singleton boolean primary key default true check (singleton),
  salt text not null default gen_random_uuid()::text,
  writes_per_minute integer not null default ${DEFAULT_WRITES_PER_MINUTE} check (writes_per_minute > 0)
);
alter table ${GUARD_SCHEMA}.settings add column if not exists salt_day date not null default current_date;
alter table ${GUARD_SCHEMA}.settings add column if not exists guesses_per_minute integer not null default ${DEFAULT_GUESSES_PER_MINUTE} check (guesses_per_minute > 0);
alter table ${GUARD_SCHEMA}.settings add column if not exists member_reads_per_minute integer not null default ${DEFAULT_MEMBER_READS_PER_MINUTE} check (member_reads_per_minute > 0);
insert into ${GUARD_SCHEMA}.settings default values on conflict do nothing;

-- Unlogged: counters are worth nothing after a crash and cost no WAL. Each client's count is
-- spread over slots, one per connection (as the report's tallies, tally-tables-sql.ts), and summed:
-- clients behind one address (a carrier's) do not all wait on one row. It holds the last two
-- minutes only, so the table of an older version (writes only, no kind) is simply dropped.
drop table if exists ${GUARD_SCHEMA}.write_counts;
create unlogged table if not exists ${REQUEST_COUNTS_TABLE} (
  kind text not null,
  client_hash text not null,
  minute timestamptz not null,
  slot smallint not null,
  requests integer not null,
  primary key (kind, client_hash, minute, slot)
) with (fillfactor = 50);
create index if not exists request_counts_minute on ${REQUEST_COUNTS_TABLE} (minute);
revoke all on all tables in schema ${GUARD_SCHEMA} from public, ${API_ROLES};`,
    `create or replace function ${PRE_REQUEST_FUNCTION}()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  method text := current_setting('request.method', true);
  path text := coalesce(current_setting('request.path', true), '');
  called text := case when starts_with(path, '/rpc/') then substr(path, 6) end;
  member_email text := lower(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email');
  forwarded text := coalesce(current_setting('request.headers', true)::json ->> 'x-forwarded-for', '');
  client text := btrim(split_part(forwarded, ',', -1));
  this_minute timestamptz := date_trunc('minute', now());
  limits ${GUARD_SCHEMA}.settings;
  request_kind text := 'writes';
  budget integer;
  client_key text;
  counted integer;
begin
  -- Only the public roles are limited. (current_user is this function's owner here, security
  -- definer; the role PostgREST switched to is "role".)
  if current_setting('role') not in ('anon', 'authenticated') then
    return;
  end if;
  -- PostgREST runs a GET or HEAD read-only, where no count can be written: a function is
  -- answered by POST only (but a share link's kept view, two primary-key reads), and the
  -- tables a GET reaches the public roles cannot read.
  if method is null or method not in ('POST', 'PATCH', 'PUT', 'DELETE') then
    if called is not null and not (method = 'GET' and called = ${sqlLiteral(SHARED_GET_FUNCTION)}) then
      raise sqlstate 'PT405' using message = ${sqlLiteral(TOO_MANY.get)};
    end if;
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
  budget := limits.writes_per_minute;
  if called like any (array[${GUESS_FUNCTIONS.map(sqlLiteral).join(", ")}]) then
    request_kind := 'guesses';
    budget := limits.guesses_per_minute;
  elsif called like ${sqlLiteral(MEMBER_FUNCTIONS)} and current_setting('role') = 'authenticated' and member_email is not null
        and to_regclass('public.team_members') is not null then
    -- A team member's calls are counted per member; anyone else's as writes of their address.
    if exists (select from public.team_members m where m.email = member_email) then
      request_kind := 'member reads';
      budget := limits.member_reads_per_minute;
      client := member_email;
    end if;
  end if;
  client_key := encode(sha256(convert_to(limits.salt || '|' || client, 'UTF8')), 'hex');
  insert into ${REQUEST_COUNTS_TABLE} as counts (kind, client_hash, minute, slot, requests)
  values (request_kind, client_key, this_minute, (pg_backend_pid() % 64)::smallint, 1)
  on conflict on constraint request_counts_pkey do update set requests = counts.requests + 1
  returning requests into counted;
  if counted = 1 then
    delete from ${REQUEST_COUNTS_TABLE} where minute < this_minute - interval '2 minutes';
  end if;
  -- This connection's slot and the others' committed counts.
  select sum(c.requests) into counted from ${REQUEST_COUNTS_TABLE} c
   where c.kind = request_kind and c.client_hash = client_key and c.minute = this_minute;
  if counted > budget then
    -- PostgREST answers PTxyz with HTTP status xyz.
    raise sqlstate 'PT429' using message = case request_kind when 'guesses' then ${sqlLiteral(TOO_MANY.guesses)}
      when 'member reads' then ${sqlLiteral(TOO_MANY.memberReads)} else ${sqlLiteral(TOO_MANY.writes)} end;
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
