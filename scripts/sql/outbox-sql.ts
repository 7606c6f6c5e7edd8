/**
 * The outbox (docs/operators/notifications.md): the tables, the functions the
 * worker calls and the view of each channel's state, written once for every
 * survey that has notifications (outbox-channels-sql.ts adds each survey's
 * channels and its trigger).
 *
 * Invariants: a response's insert only appends (outbox.events rows, one per
 * channel, written by a statement trigger in the response's transaction);
 * it never updates a shared row, so inserts never wait on each other or on
 * the worker. The worker (notifications/) claims due events with FOR UPDATE
 * SKIP LOCKED and a lease (next_attempt_at pushed forward, renewed while it
 * sends; outbox-worker-sql.ts), so a worker that
 * dies mid-send leaves its events to be claimed again when the lease ends:
 * delivery is at least once, and an event's id (the webhook-id) never
 * changes. Only service_role may call the functions (through PostgREST's
 * /rpc, the one path both the local process and the Edge Function have).
 */
import { fingerprint } from "./sql-text.ts";
import { outboxCronSql } from "./outbox-cron-sql.ts";
import { OUTBOX_WORKER_FUNCTIONS, outboxWorkerSql } from "./outbox-worker-sql.ts";

export const OUTBOX_SCHEMA = "outbox";
export const OUTBOX_TRIGGER = "outbox_events";

const tables = `create schema if not exists outbox;
revoke all on schema outbox from public, anon, authenticated;
grant usage on schema outbox to service_role;

-- One row per channel of a survey file (outbox-channels-sql.ts); the worker keeps its state.
create table if not exists outbox.channels (
  id text primary key,
  survey_table text not null,
  survey_id text not null,
  name text not null,
  kind text not null check (kind in ('webhook', 'email', 'digest', 'alert')),
  target jsonb not null,
  omit text[] not null default '{}',
  language text not null,
  results_url text,
  attempts integer not null,
  alert_after integer not null,
  active boolean not null default true,
  state text not null default 'ok' check (state in ('ok', 'failing', 'stopped')),
  failures_in_row integer not null default 0,
  owner_told boolean not null default false,
  created_at timestamptz not null default now()
);

-- Append-only on the insert path. id is the webhook-id: it never changes across tries.
create table if not exists outbox.events (
  id uuid primary key default gen_random_uuid(),
  channel text not null,
  survey_table text not null,
  response_id uuid,
  period_start timestamptz,
  period_end timestamptz,
  detail jsonb,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'sent', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text
);
create index if not exists events_due on outbox.events (next_attempt_at) where status = 'pending';
create index if not exists events_channel on outbox.events (channel, created_at);
create unique index if not exists events_digest_period on outbox.events (channel, period_end) where period_end is not null;

-- Every try, kept: what the team reads when a channel fails.
create table if not exists outbox.log (
  id bigint generated always as identity primary key,
  event_id uuid not null,
  channel text not null,
  attempt integer not null,
  at timestamptz not null default now(),
  ok boolean not null,
  http_status integer,
  error text,
  ms integer
);
create index if not exists log_channel_at on outbox.log (channel, at desc);

-- Added since the first outbox: how many of a channel's sends may be in flight (null: as many as a claim takes), until when
-- a Retry-After or a backoff holds the whole channel back, which events are in flight (their lease), when a try started.
alter table outbox.channels add column if not exists concurrency integer check (concurrency > 0);
alter table outbox.channels add column if not exists paused_until timestamptz;
alter table outbox.events add column if not exists lease_until timestamptz;
alter table outbox.log add column if not exists started_at timestamptz;
create index if not exists events_channel_due on outbox.events (channel, next_attempt_at) where status = 'pending';
create index if not exists events_in_flight on outbox.events (channel) where lease_until is not null;
grant select on all tables in schema outbox to service_role;`;

const recordEvents = `-- The survey tables' trigger: one event per per-response channel for each inserted row.
create or replace function outbox.record_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into outbox.events (channel, survey_table, response_id)
  select c.id, tg_table_name, n.id
    from new_rows n
    join outbox.channels c on c.survey_table = tg_table_name and c.active and c.kind in ('webhook', 'email');
  return null;
end
$$;`;

const rowOf = `create or replace function outbox.row_of(tbl text, response uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  found_row jsonb;
begin
  if response is null then return null; end if;
  execute format('select to_jsonb(r) from public.%I r where r.id = $1', tbl) into found_row using response;
  return found_row;
end
$$;`;

/** The last period of a digest channel that has ended at \`at\`: its local hour on its day (daily) or weekday (weekly), in its time zone. */
const lastPeriod = `create or replace function outbox.last_period(target jsonb, at timestamptz, out period_start timestamptz, out period_end timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text := target->>'timeZone';
  local timestamp := at at time zone zone;
  weekly boolean := target->>'send' = 'weekly';
  span interval := case when weekly then interval '7 days' else interval '1 day' end;
  end_local timestamp := date_trunc('day', local) + make_interval(hours => (target->>'hour')::int);
begin
  if weekly then
    end_local := end_local - make_interval(days => (extract(isodow from end_local)::int - (target->>'weekday')::int + 7) % 7);
  end if;
  if end_local > local then end_local := end_local - span; end if;
  period_end := end_local at time zone zone;
  period_start := (end_local - span) at time zone zone;
end
$$;`;

const state = `-- Each channel's state and its last failures: what the team reads (npm run outbox -- status, in the channel's
-- language, the last column: create or replace view adds columns only at the end).
create or replace view outbox.channel_state as
select c.survey_id, c.name, c.kind, c.active, c.state, c.failures_in_row,
       count(e.id) filter (where e.status = 'pending') as pending,
       count(e.id) filter (where e.status = 'sent') as sent,
       count(e.id) filter (where e.status = 'dead') as dead,
       (select coalesce(jsonb_agg(f order by f.at desc), '[]') from (
          select l.at, l.attempt, l.http_status, l.error from outbox.log l where l.channel = c.id and not l.ok order by l.at desc limit 5) f) as last_failures,
       c.paused_until,
       c.language
  from outbox.channels c left join outbox.events e on e.channel = c.id
 group by c.id;
grant select on outbox.channel_state to service_role;

create or replace function public.outbox_state()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select coalesce(jsonb_agg(to_jsonb(s) order by s.survey_id, s.name), '[]') from outbox.channel_state s $$;

-- The report's numbers for a digest (report.survey_numbers, the same counts as npm run report).
create or replace function public.outbox_numbers(survey jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select report.survey_numbers(survey) $$;`;

const functions = [...OUTBOX_WORKER_FUNCTIONS, "outbox_state()", "outbox_numbers(jsonb)"].map((name) => `public.${name}`).join(", ");
const privileges = `revoke all on function ${functions} from public, anon, authenticated;
grant execute on function ${functions} to service_role;`;

export const outboxSql = (): string[] => [tables, recordEvents, rowOf, lastPeriod, ...outboxWorkerSql(), state, privileges, outboxCronSql()];

export const outboxFingerprint = (): string => fingerprint(outboxSql().join("\n"));
