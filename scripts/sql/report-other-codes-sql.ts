/**
 * The coded "other" answers as the results site and `npm run report` read
 * them: one count of a field's "other" texts among a request's rows, with
 * the team's current codes (team.other_codes, results-themes-sql.ts).
 * results_other_texts calls it once a member's access is checked; the
 * report, with the service key, asks for every field the team has coded at
 * once (report.coded_others). In the report schema, service_role only; in
 * the themes migration, after the coding log it reads. Volatile, as the
 * report's other functions: PostgREST would run a stable one read-only,
 * where the API guard's pre-request check cannot write.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

/**
 * The "other" texts of a field (`entry`: its text in team.surveys.themes)
 * among the request's rows: each folded text with how many answers hold it,
 * the form most often written and its current code; the totals raw and
 * coded (each answer once: its code, else uncoded); and for a single choice
 * its question's counts by value, raw and with the coded "other" answers
 * moved to their codes.
 */
const otherTexts = `create or replace function report.other_texts(survey_id text, request jsonb, field text, entry jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  source text := report.rows_of(request ->> 'table', (request ->> 'since')::timestamptz, request -> 'filters', (request ->> 'until')::timestamptz);
  found jsonb;
begin
  execute format($q$
    with o as (select r.%1$I as choice, r.%2$I as raw, report.fold_answer(r.%2$I) as key from (%3$s) r),
    c as (select * from ${T}.current_codes($1, $2)),
    k as (select o.key, count(*) as n, mode() within group (order by o.raw) as sample from o where o.key <> '' group by o.key),
    v as (select case when jsonb_typeof(to_jsonb(o.choice)) = 'array' then null else o.choice::text end as value, c.code, o.key <> '' and o.choice::text = $3 as other from o left join c on c.text_key = o.key)
    select jsonb_build_object(
      'texts', (select coalesce(jsonb_agg(jsonb_build_object('key', k.key, 'answers', k.n, 'sample', k.sample, 'code', c.code, 'codedBy', c.coded_by, 'codedAt', c.coded_at) order by k.n desc, k.key), '[]') from k left join c on c.text_key = k.key),
      'rawTotal', (select coalesce(sum(n), 0) from k),
      'coded', (select coalesce(jsonb_object_agg(code, n), '{}') from (select coalesce(c.code, '') as code, sum(k.n) as n from k left join c on c.text_key = k.key group by 1) x),
      'codedTotal', (select coalesce(sum(k.n), 0) from k left join c on c.text_key = k.key),
      'values', (select coalesce(jsonb_object_agg(value, n), '{}') from (select value, count(*) as n from v where value is not null group by value) x),
      'codedValues', (select coalesce(jsonb_object_agg(value, n), '{}') from (select case when other and code is not null then code else value end as value, count(*) as n from v where value is not null group by 1) x))$q$,
    entry ->> 'choiceColumn', entry ->> 'column', source) using survey_id, field, coalesce(entry ->> 'otherOption', '') into found;
  return found || jsonb_build_object('field', field, 'question', entry -> 'question', 'kind', entry -> 'kind', 'otherOption', entry -> 'otherOption');
end
$fn$;`;

/**
 * For the report: the "other" texts (report.other_texts) of each field of
 * `texts` that has at least one current code, by field id; a field nobody
 * has coded is left out, unread, so that a report of an uncoded survey
 * scans no more rows than before and shows what it showed.
 */
const codedOthers = `create or replace function report.coded_others(survey jsonb, texts jsonb)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key, report.other_texts(survey ->> 'surveyId', survey, e.key, e.value)), '{}')
  from jsonb_each(coalesce(texts, '{}')) e
  where e.value ->> 'kind' in ('one', 'many') and exists (select from ${T}.current_codes(survey ->> 'surveyId', e.key) c where c.code is not null)
$$;`;

const grants = ["report.other_texts(text, jsonb, text, jsonb)", "report.coded_others(jsonb, jsonb)"]
  .map((f) => `revoke all on function ${f} from public, anon, authenticated;\ngrant execute on function ${f} to service_role;`).join("\n");

export const reportOtherCodesSql = (): string[] => [otherTexts, codedOthers, grants];
