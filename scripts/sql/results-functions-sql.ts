/**
 * The functions the results site calls (POST /rest/v1/rpc/results_*), all
 * SECURITY DEFINER with an empty search_path and executable by
 * authenticated only. Each starts with team.access (team-sql.ts), so anon
 * and a signed-in stranger get 42501 before anything is read. Personal
 * columns are left out of every row, and personal questions' texts and
 * counts out of the numbers, unless access says the member may see them.
 * Scalar jsonb results: PostgREST cannot filter or order on what is inside
 * them, so a query string can never select rows by a hidden value.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

/**
 * The caller's membership and the surveys they may read; null for a signed-in stranger.
 * Every results function is volatile although most only read: PostgREST runs a stable
 * one read-only, where the API guard's pre-request (which writes) would fail.
 */
const me = `create or replace function public.results_me()
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select case when m.email is not null then jsonb_build_object('email', m.email, 'role', m.role, 'personal', m.personal, 'aal', auth.jwt() ->> 'aal', 'segment', m.segment,
    'surveys', (select coalesce(jsonb_agg(jsonb_build_object('id', s.survey_id, 'needsAal2', s.needs_aal2) order by s.survey_id), '[]') from ${T}.surveys s
      where m.segment is null or s.survey_id = (select g.survey_id from public.team_segments g where g.id = m.segment))) end
  from (select (${T}.member()).*) m
$$;`;

/**
 * What a viewer learns of a view whose base (its filtered responses) is
 * smaller than the survey's minimum group: only that, and who asks; null
 * for a larger base or another role. Not how many (a small base's count is
 * itself a small cell: two filters together, a day and a country, are a
 * cross-tab the site never shows), not even whether it is empty (that would
 * tell whether anyone at all answered on that day from that country), and
 * no count by day, source, language or ending, no visits, no times.
 */
const withheld = `create or replace function ${T}.withheld(a jsonb, base bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when a ->> 'role' in ('viewer', 'link') and base < (a ->> 'minimum_group')::int
    then jsonb_build_object('belowMinimumGroup', (a ->> 'minimum_group')::int, 'updatedAt', now(), 'role', a -> 'role', 'personal', a -> 'personal') end
$$;`;

/**
 * The report's numbers (report.survey_numbers), filtered, without what the role may not see (nothing but that it is too small, for a viewer's small view).
 * The body of results_numbers, for a member's access (team.access) and a share link's (team.share_access: role "link", withheld as a viewer's
 * under its own minimum group, its texts kept for share-links-sql.ts, which shows them only where the link allows).
 */
const numbers = `create or replace function ${T}.numbers(a jsonb, filters jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $fn$
declare
  n jsonb := report.survey_numbers((a -> 'request') || ${T}.filter_request(a, filters));
  small jsonb := ${T}.withheld(a, (n -> 'responses' ->> 'responses')::bigint);
  id text;
  others jsonb;
  flagged bigint;
begin
  if small is not null then
    return small;
  end if;
  -- Flagged responses left out: how many, under the other filters, for the header.
  if filters ? 'flagged' then
    others := ${T}.filter_request(a, filters - 'flagged');
    execute format('select count(*) from (%s) r where r.%I <> ''{}''', report.rows_of(a ->> 'survey_table', (others ->> 'since')::timestamptz, others -> 'filters', (others ->> 'until')::timestamptz), a -> 'request' ->> 'qualityColumn') into flagged;
    n := n || jsonb_build_object('flaggedExcluded', flagged);
  end if;
  -- A viewer sees numbers and charts: no free text.
  if a ->> 'role' = 'viewer' then
    n := jsonb_set(n, '{responses,texts}', '{}');
  end if;
  -- Without the grant a personal question keeps only how many answered it, and says it is restricted.
  if not (a ->> 'personal')::boolean then
    for id in select jsonb_array_elements_text(a -> 'personal_ids') loop
      n := n #- array['responses', 'texts', id];
      n := jsonb_set(n, array['responses', 'questions', id], jsonb_build_object('n', n -> 'responses' -> 'questions' -> id -> 'n'));
      n := jsonb_set(n, '{responses,counts}', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(n -> 'responses' -> 'counts') where not starts_with(key, id || chr(31))));
    end loop;
    n := n || jsonb_build_object('restricted', a -> 'personal_ids');
  end if;
  return n || jsonb_build_object('updatedAt', now(), 'role', a -> 'role', 'personal', a -> 'personal');
end
$fn$;

create or replace function public.results_numbers(survey text, filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
begin
  return ${T}.numbers(${T}.access(survey, 'viewer'), filters);
end
$fn$;`;

/**
 * The SELECT list of a response: id, time and every stored column, without the personal ones unless the caller may see them;
 * after them, each "other" text's current code as "<column>/coded" (null when uncoded; the coding log and its functions are
 * the themes migration's, results-themes-sql.ts, named here only inside the text this returns). The field's codes are read
 * once per query (an uncorrelated subquery: an InitPlan), and a text is folded only when its field has codes: a code looked up
 * row by row made a month's export three times slower (bench:results, 78,424 rows: 20.9 s before the codes, 61.2 s).
 */
const responseColumns = `create or replace function ${T}.response_columns(a jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'r.id, r.created_at' || coalesce(string_agg(', ' || format('r.%I', c), '' order by place), '')
    || coalesce((select string_agg(format(', case when %1$s = ''{}'' then null else %1$s ->> report.fold_answer(r.%2$I) end as %3$I',
        format('(select coalesce(jsonb_object_agg(x.text_key, x.code), ''{}'') from ${T}.current_codes(%L, %L) x)', a ->> 'survey_id', t.key),
        t.value ->> 'column', (t.value ->> 'column') || '/coded'), '' order by t.key)
      from jsonb_each(coalesce(a -> 'themes' -> 'texts', '{}')) t
      where t.value ->> 'kind' in ('one', 'many') and ((a ->> 'personal')::boolean or not (a -> 'personal_columns' ? (t.value ->> 'column')))), '')
  from jsonb_array_elements_text(a -> 'columns') with ordinality e(c, place)
  where (a ->> 'personal')::boolean or not (a -> 'personal_columns' ? c)
$$;`;

/**
 * One page of responses, newest first, by keyset on the table's index
 * (created_at desc, id): the page after (after_at, after_id), never an
 * OFFSET. Analysts and owners only; next is null on the last page.
 */
const responses = `create or replace function public.results_responses(survey text, filters jsonb default '{}', after_at timestamptz default null, after_id uuid default null, page_size int default 50)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  f jsonb := ${T}.filter_request(a, filters);
  size int := least(greatest(coalesce(page_size, 50), 1), 1000);
  rows jsonb;
begin
  execute format('select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at desc, x.id), ''[]'') from (select %s from (%s) r where %s order by r.created_at desc, r.id limit $3) x',
    ${T}.response_columns(a), report.rows_of(a ->> 'survey_table', (f ->> 'since')::timestamptz, f -> 'filters', (f ->> 'until')::timestamptz),
    case when after_at is null then 'true' else 'r.created_at <= $1 and (r.created_at < $1 or r.id > $2)' end)
    using after_at, after_id, size into rows;
  return jsonb_build_object('rows', rows, 'personal', a -> 'personal',
    'next', case when jsonb_array_length(rows) = size then jsonb_build_object('at', rows -> (size - 1) -> 'created_at', 'id', rows -> (size - 1) -> 'id') end);
end
$fn$;`;

/** One response with every stored column (personal ones per the grant); null when there is no such response. */
const response = `create or replace function public.results_response(survey text, response_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'analyst');
  found jsonb;
begin
  execute format('select to_jsonb(x) from (select %s from public.%I r where r.id = $1) x', ${T}.response_columns(a), a ->> 'survey_table') using response_id into found;
  return found;
end
$fn$;`;

export const RESULTS_FUNCTIONS = ["results_me()", "results_numbers(text, jsonb)", "results_responses(text, jsonb, timestamptz, uuid, int)", "results_response(text, uuid)"];

/** Functions are executable by PUBLIC (and, by Supabase's default privileges, anon): only the signed-in roles keep the right. */
const grants = `revoke all on all functions in schema ${T} from public, anon, authenticated;
grant execute on function ${T}.member(), ${T}.is_owner() to authenticated;
grant execute on all functions in schema ${T} to service_role;
${RESULTS_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const resultsFunctions = (): string[] => [me, withheld, numbers, responseColumns, responses, response, grants];
