/**
 * Segments: a named group of respondents (any combination of the site's
 * filters, as team.filters_of checks them) saved by a member in
 * public.team_segments and shared with the team:
 * - row-level security: every member reads the segments (a viewer limited
 *   to one reads that one only); a member who is not limited makes them; the
 *   maker or an owner changes or deletes one, and once a segment limits a
 *   viewer only an owner (the limit is the owner's decision);
 * - a trigger, whatever the door (the site's functions below, REST on the
 *   table, psql): the maker is the signed-in member, the survey and maker
 *   never change, each change counts a version up (results_save_segment
 *   saves only over the version the member read: of two members editing
 *   one segment at once the second is told it changed), and the filters are
 *   checked with the caller's rights (a personal question is never the
 *   condition of a member without the personal-data grant);
 * - results_segment_count: a segment's count while it is edited (withheld
 *   from a viewer under the minimum group, as every view);
 * - results_segment_columns: up to four segments side by side for every
 *   question (report.segment_columns), under the site's filters, each cell
 *   and size under the minimum group left out for a viewer;
 * - results_limit_member: an owner limits a viewer to one segment
 *   (team_members.segment, recorded in team_member_log as every change of
 *   a member); team.access and team.filter_request then keep that viewer
 *   to the segment's survey and rows in every results function.
 */
import { refuse } from "./refuse-sql.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";
import { limitMemberFunction } from "./segment-limit-sql.ts";

const T = TEAM_SCHEMA;

/** The most segments side by side. */
export const MOST_SEGMENTS = 4;

// The table itself is created with the team's other tables (team-sql.ts), before the functions that read it.


/** The policies' questions, asked of the signed-in member (SECURITY DEFINER: a member reads only their own team_members row). */
const rights = `create or replace function ${T}.may_read_segment(segment_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce(m.email is not null and (m.segment is null or m.segment = segment_id), false) from (select (${T}.member()).*) m $$;

create or replace function ${T}.may_make_segment()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce(m.email is not null and m.segment is null, false) from (select (${T}.member()).*) m $$;

create or replace function ${T}.may_change_segment(segment_id uuid, maker text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(m.email is not null and m.segment is null
    and (m.role = 'owner' or (m.email = maker and not exists (select from public.team_members t where t.segment = segment_id))), false)
  from (select (${T}.member()).*) m
$$;

drop policy if exists team_segments_read on public.team_segments;
create policy team_segments_read on public.team_segments for select to authenticated using (${T}.may_read_segment(id));
drop policy if exists team_segments_make on public.team_segments;
create policy team_segments_make on public.team_segments for insert to authenticated with check (${T}.may_make_segment());
drop policy if exists team_segments_change on public.team_segments;
create policy team_segments_change on public.team_segments for update to authenticated using (${T}.may_change_segment(id, made_by)) with check (${T}.may_change_segment(id, made_by));
drop policy if exists team_segments_delete on public.team_segments;
create policy team_segments_delete on public.team_segments for delete to authenticated using (${T}.may_change_segment(id, made_by));`;

const check = `create or replace function ${T}.check_segment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $fn$
declare
  claims jsonb := auth.jwt();
  a jsonb;
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.survey_id := old.survey_id;
    new.made_by := old.made_by;
    new.created_at := old.created_at;
    new.version := old.version + 1;
  else
    new.version := 1;
    new.created_at := now();
  end if;
  new.updated_at := now();
  new.name := btrim(new.name);
  if claims ->> 'role' = 'authenticated' then
    a := ${T}.access(new.survey_id, 'viewer');
    if a ->> 'segment' is not null then
      ${refuse("segmentLimited", "'results: a member limited to a segment makes and changes no segment'")};
    end if;
    -- The caller's rights: a personal question is no condition without the grant.
    perform ${T}.filters_of(a, new.filters);
    if tg_op = 'INSERT' then
      new.made_by := (${T}.member()).email;
    end if;
  elsif tg_op = 'INSERT' then
    new.made_by := coalesce(new.made_by, claims ->> 'role', session_user);
  end if;
  return new;
end
$fn$;

drop trigger if exists team_segments_check on public.team_segments;
create trigger team_segments_check before insert or update on public.team_segments for each row execute function ${T}.check_segment();`;

/**
 * The site's doors, as the caller (SECURITY INVOKER: the policies above
 * decide), each refusal with its key. A segment's id may be the page's own
 * (an address written before the save answers).
 */
const saving = `create or replace function public.results_segments(survey text)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'filters', g.filters, 'madeBy', g.made_by, 'version', g.version, 'updatedAt', g.updated_at,
    'mayChange', ${T}.may_change_segment(g.id, g.made_by)) order by g.name, g.id), '[]')
  from public.team_segments g where g.survey_id = survey
$$;

create or replace function public.results_save_segment(survey text, segment_name text, segment_filters jsonb default '{}', segment_id uuid default null, expected_version int default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $fn$
declare
  saved jsonb;
begin
  if expected_version is null then
    insert into public.team_segments as g (id, survey_id, name, filters) values (coalesce(segment_id, gen_random_uuid()), survey, segment_name, coalesce(segment_filters, '{}'))
    returning to_jsonb(g) into saved;
    return saved;
  end if;
  -- Over the version the member read only: an update waiting for another's lock sees the new version and changes nothing.
  update public.team_segments as g set name = segment_name, filters = coalesce(segment_filters, '{}')
  where g.id = segment_id and g.survey_id = survey and g.version = expected_version
  returning to_jsonb(g) into saved;
  if saved is null then
    if not exists (select from public.team_segments g where g.id = segment_id and g.survey_id = survey) then
      ${refuse("unknownSegment", "'results: no such segment'")};
    elsif not exists (select from public.team_segments g where g.id = segment_id and ${T}.may_change_segment(g.id, g.made_by)) then
      ${refuse("segmentNotYours", "'results: only its maker or an owner changes a segment (an owner only, once it limits a viewer)'")};
    end if;
    ${refuse("segmentChanged", "'results: someone changed this segment since it was read; read it again'")};
  end if;
  return saved;
end
$fn$;

create or replace function public.results_delete_segment(segment_id uuid)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $fn$
begin
  begin
    delete from public.team_segments g where g.id = segment_id;
  exception when foreign_key_violation or restrict_violation then
    ${refuse("segmentInUse", "'results: this segment limits a viewer: lift the limit first'")};
  end;
  if not found then
    if exists (select from public.team_segments g where g.id = segment_id) then
      ${refuse("segmentNotYours", "'results: only its maker or an owner changes a segment (an owner only, once it limits a viewer)'")};
    end if;
    ${refuse("unknownSegment", "'results: no such segment'")};
  end if;
end
$fn$;`;

/** How many respondents the filters being edited hold (the viewer's limit applied); a viewer's count under the minimum group is withheld. */
const count = `create or replace function public.results_segment_count(survey text, filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  f jsonb := ${T}.filter_request(a, filters);
  n bigint;
begin
  execute format('select count(*) from (%s) r', report.rows_of(a ->> 'survey_table', (f ->> 'since')::timestamptz, f -> 'filters', (f ->> 'until')::timestamptz)) into n;
  return coalesce(${T}.withheld(a, n), jsonb_build_object('count', n, 'role', a -> 'role', 'personal', a -> 'personal'));
end
$fn$;`;

/** A viewer's copy of one question's counts: no cell nor base under the minimum group (as results_crosstab). */
const hideSmall = `create or replace function ${T}.hide_small(t jsonb, least_group int)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select t || jsonb_build_object(
    'cells', (select coalesce(jsonb_agg(c order by o), '[]') from jsonb_array_elements(t -> 'cells') with ordinality e(c, o) where (c ->> 2)::int >= least_group),
    'rowBases', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(t -> 'rowBases') where value::int >= least_group),
    'columnBases', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(t -> 'columnBases') where value::int >= least_group),
    'hidden', least_group)
    -- A question fewer answered than the minimum: not how many.
    || case when (t ->> 'total')::int < least_group then jsonb_build_object('total', null, 'rowsAnswered', null, 'columnsAnswered', null) else '{}' end
$$;`;

/**
 * Up to four segments side by side for every question the caller may see
 * (no personal one without the grant), under the site's filters (and a
 * limited viewer's segment). Each segment's filters are checked with the
 * caller's rights, so a personal condition is refused without the grant
 * whoever made the segment.
 */
const columns = `create or replace function public.results_segment_columns(survey text, segment_ids uuid[], filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  f jsonb := ${T}.filter_request(a, filters);
  least_group int := (a ->> 'minimum_group')::int;
  chosen jsonb;
  axes jsonb;
  t jsonb;
  small jsonb;
begin
  if coalesce(cardinality(segment_ids), 0) not between 1 and ${MOST_SEGMENTS} or cardinality(segment_ids) <> (select count(distinct s) from unnest(segment_ids) s) then
    ${refuse("tooManySegments", `'results: one to ${MOST_SEGMENTS} different segments side by side'`)};
  end if;
  chosen := (select coalesce(jsonb_agg(${T}.filters_of(a, g.filters) || jsonb_build_object('key', g.id, 'name', g.name) order by o), '[]')
    from unnest(segment_ids) with ordinality u(id, o) join public.team_segments g on g.id = u.id
    where g.survey_id = survey and (a ->> 'segment' is null or g.id = (a ->> 'segment')::uuid));
  if jsonb_array_length(chosen) <> cardinality(segment_ids) then
    ${refuse("unknownSegment", "'results: no such segment'")};
  end if;
  axes := (select coalesce(jsonb_agg(${T}.coded_axis(survey, value) || jsonb_build_object('id', key) order by key), '[]') from jsonb_each(a -> 'axes')
    where not starts_with(key, '~') and (not (value ->> 'personal')::boolean or (a ->> 'personal')::boolean));
  t := report.segment_columns((a -> 'request') || f, axes, chosen);
  small := ${T}.withheld(a, (t ->> 'total')::bigint);
  if small is not null then
    return small;
  end if;
  if a ->> 'role' = 'viewer' then
    t := t || jsonb_build_object('hidden', least_group,
      'sizes', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(t -> 'sizes') where value::int >= least_group),
      'questions', (select coalesce(jsonb_object_agg(key, ${T}.hide_small(value, least_group)), '{}') from jsonb_each(t -> 'questions')));
  end if;
  return t || jsonb_build_object('segments', (select jsonb_agg(jsonb_build_object('id', c -> 'key', 'name', c -> 'name')) from jsonb_array_elements(chosen) c),
    'role', a -> 'role', 'personal', a -> 'personal');
end
$fn$;`;

export const SEGMENT_FUNCTIONS = [
  "results_segments(text)",
  "results_save_segment(text, text, jsonb, uuid, int)",
  "results_delete_segment(uuid)",
  "results_segment_count(text, jsonb)",
  "results_segment_columns(text, uuid[], jsonb)",
  "results_limit_member(text, uuid)",
];

const helpers = [`${T}.may_read_segment(uuid)`, `${T}.may_make_segment()`, `${T}.may_change_segment(uuid, text)`];
const internal = [`${T}.check_segment()`, `${T}.hide_small(jsonb, int)`, `${T}.filters_of(jsonb, jsonb)`, `${T}.both_filters(jsonb, jsonb)`];

const grants = `revoke all on function ${[...helpers, ...internal].join(", ")} from public, anon, authenticated;
grant execute on function ${helpers.join(", ")} to authenticated;
grant execute on function ${[...helpers, ...internal].join(", ")} to service_role;
${SEGMENT_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const segmentsSql = (): string[] => [rights, check, saving, count, hideSmall, columns, limitMemberFunction, grants];
