/**
 * The functions the outbox worker calls (notifications/store.ts), each one
 * statement through PostgREST's /rpc: claim, renew, finish, replay, and the
 * digest channels for a digest made by hand.
 *
 * Who decides what, when several workers and several failures meet:
 * - A claim takes each channel's row with FOR UPDATE SKIP LOCKED before its
 *   events, so two claims never fill one channel's room (its concurrency,
 *   minus its events in flight) twice; a channel paused by a Retry-After or
 *   a backoff, or stopped by a 410, gives nothing.
 * - A try is the event's attempt number at its claim. The worker renews the
 *   lease of the tries it still holds while it sends; a try whose lease ended
 *   and that another claim took over is recorded, and decides nothing unless
 *   it delivered.
 * - finish locks the event, then its channel (replay's order too), and
 *   decides the owner's alert from the locked row: of any number of failures
 *   finishing at once, exactly one finds the alert not yet queued.
 */

const claim = `-- Due digests become events (once per period), then up to max_events due events are claimed for lease_seconds.
create or replace function public.outbox_claim(max_events integer default 20, lease_seconds integer default 60)
returns table (id uuid, channel text, kind text, target jsonb, attempt integer, created_at timestamptz, survey_id text,
               language text, results_url text, period_start timestamptz, period_end timestamptz, detail jsonb, payload jsonb)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  insert into outbox.events (channel, survey_table, period_start, period_end)
  select c.id, c.survey_table, p.period_start, p.period_end
    from outbox.channels c
    cross join lateral outbox.last_period(c.target, now()) p
   where c.kind = 'digest' and c.active and p.period_end > c.created_at
  on conflict (channel, period_end) where period_end is not null do nothing;

  return query
  with open_channels as (
    select c.id, coalesce(c.concurrency - (select count(*) from outbox.events f where f.channel = c.id and f.status = 'pending' and f.lease_until > now()), max_events) as room
      from outbox.channels c
     where c.active and c.state <> 'stopped' and (c.paused_until is null or c.paused_until <= now())
     for update of c skip locked
  ), picked as (
    select p.id, p.next_attempt_at from open_channels o
     cross join lateral (
       select e.id, e.next_attempt_at from outbox.events e
        where e.channel = o.id and e.status = 'pending' and e.next_attempt_at <= now()
        order by e.next_attempt_at
        limit greatest(o.room, 0)
        for update of e skip locked) p
     order by p.next_attempt_at
     limit max_events
  ), claimed as (
    update outbox.events e set attempts = e.attempts + 1, next_attempt_at = now() + make_interval(secs => lease_seconds), lease_until = now() + make_interval(secs => lease_seconds)
      from picked where e.id = picked.id
    returning e.*
  )
  select cl.id, cl.channel, c.kind, c.target, cl.attempts, cl.created_at, c.survey_id, c.language, c.results_url,
         cl.period_start, cl.period_end, cl.detail, outbox.row_of(cl.survey_table, cl.response_id) - c.omit
    from claimed cl join outbox.channels c on c.id = cl.channel;
end
$$;`;

const renew = `-- The tries a worker still holds ([{id, attempt}]) keep their events for lease_seconds more; returns the ids still held.
create or replace function public.outbox_renew(held jsonb, lease_seconds integer)
returns setof uuid
language sql
security definer
set search_path = ''
as $$
  update outbox.events e set next_attempt_at = now() + make_interval(secs => lease_seconds), lease_until = now() + make_interval(secs => lease_seconds)
    from jsonb_to_recordset(held) h(id uuid, attempt integer)
   where e.id = h.id and e.attempts = h.attempt and e.status = 'pending'
  returning e.id
$$;`;

const finish = `-- One try's outcome, always logged with its own number and times. A failure counts against its channel; the
-- alert_after-th in a row, or a 410 (which stops the channel), queues one e-mail to the owner (the survey's alert
-- channel), and no other until the channel succeeds again. A failure pauses the channel for its retry delay.
drop function if exists public.outbox_finish(uuid, boolean, integer, text, double precision, boolean, integer);
create or replace function public.outbox_finish(event_id uuid, attempt integer, started_at timestamptz, ok boolean, http_status integer, error text,
                                                retry_in_seconds double precision, gone boolean, ms integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  e outbox.events;
  c outbox.channels;
  retry interval := make_interval(secs => greatest(retry_in_seconds, 0));
  tell boolean;
begin
  select * into e from outbox.events where id = event_id for update;
  if not found then return; end if;
  select * into c from outbox.channels where id = e.channel for update;
  insert into outbox.log (event_id, channel, attempt, started_at, ok, http_status, error, ms) values (event_id, e.channel, attempt, started_at, ok, http_status, error, ms);
  if e.status <> 'pending' then return; end if;
  if ok then
    update outbox.events set status = 'sent', sent_at = now(), last_error = null, lease_until = null where id = event_id;
    if c.failures_in_row <> 0 or c.state <> 'ok' or c.paused_until is not null then
      update outbox.channels set failures_in_row = 0, owner_told = false, state = 'ok', paused_until = null where id = c.id;
    end if;
    return;
  end if;
  -- A try that lost its lease to another claim: on record above; the try now holding the event decides.
  if e.attempts <> attempt then return; end if;
  update outbox.events
     set status = case when attempt >= c.attempts then 'dead' else 'pending' end, next_attempt_at = now() + retry, lease_until = null, last_error = error
   where id = event_id;
  tell := c.kind <> 'alert' and not c.owner_told and (gone or c.failures_in_row + 1 >= c.alert_after);
  update outbox.channels
     set failures_in_row = c.failures_in_row + 1, state = case when gone or c.state = 'stopped' then 'stopped' else 'failing' end,
         owner_told = c.owner_told or tell, paused_until = greatest(c.paused_until, now() + retry)
   where id = c.id;
  if tell then
    insert into outbox.events (channel, survey_table, detail)
    select a.id, c.survey_table, jsonb_build_object('channel', c.name, 'kind', c.kind, 'failures', c.failures_in_row + 1, 'error', error, 'httpStatus', http_status, 'stopped', gone)
      from outbox.channels a where a.survey_table = c.survey_table and a.kind = 'alert' and a.active;
  end if;
end
$$;`;

const replay = `-- Sends again the events since a time: those not delivered (dead, or waiting on a stopped channel), or every one with everything.
-- Their channels start again. Never the owner's alerts.
create or replace function public.outbox_replay(since timestamptz, channel_name text default null, everything boolean default false)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  replayed integer;
begin
  with chosen as (
    update outbox.events e set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null
      from outbox.channels c
     where c.id = e.channel and c.kind <> 'alert' and e.created_at >= since
       and (channel_name is null or c.name = channel_name)
       and (everything or e.status = 'dead' or (e.status = 'pending' and c.state = 'stopped'))
    returning e.channel
  ), restarted as (
    update outbox.channels set state = 'ok', failures_in_row = 0, owner_told = false, paused_until = null where id in (select channel from chosen)
  )
  select count(*) into replayed from chosen;
  return replayed;
end
$$;`;

const digestChannels = `-- The digest channels named "<name>" or "<survey id>/<name>", for a digest sent or previewed by hand (npm run outbox -- digest).
create or replace function public.outbox_digest_channels(channel_name text)
returns table (id text, survey_id text, name text, target jsonb, language text, results_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.survey_id, c.name, c.target, c.language, c.results_url from outbox.channels c
   where c.kind = 'digest' and c.active and (c.name = channel_name or c.survey_id || '/' || c.name = channel_name)
   order by c.survey_id
$$;`;

/** Each function with its argument types, for the grants. */
export const OUTBOX_WORKER_FUNCTIONS = [
  "outbox_claim(integer, integer)",
  "outbox_renew(jsonb, integer)",
  "outbox_finish(uuid, integer, timestamptz, boolean, integer, text, double precision, boolean, integer)",
  "outbox_replay(timestamptz, text, boolean)",
  "outbox_digest_channels(text)",
];

export const outboxWorkerSql = (): string[] => [claim, renew, finish, replay, digestChannels];
