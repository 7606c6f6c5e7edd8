/**
 * The results site's fill of each quota (quota-sql.ts): how many responses
 * each has taken of how many, read from the quotas' own counters (no count
 * of the table). Like every results function it starts with team.access,
 * so anon and a signed-in stranger get 42501. A viewer limited to one
 * segment learns nothing (the counters are the whole survey's), and a
 * viewer does not see a fill below the survey's minimum group (a small
 * cell), only that it is below. The quotas' table exists only once a survey
 * has quotas: before that, and for a survey without them, an empty list.
 */
import { TEAM_SCHEMA } from "./team-sql.ts";
import { QUOTAS_TABLE } from "./quota-sql.ts";

const T = TEAM_SCHEMA;

const quotas = `create or replace function public.results_quotas(survey text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  fill jsonb;
begin
  if to_regclass('${QUOTAS_TABLE}') is null or a ->> 'segment' is not null then
    return '[]';
  end if;
  -- Dynamic, so that the function is made (by the team's migration) before any survey has quotas.
  execute 'select coalesce(jsonb_agg(jsonb_build_object(''id'', quota_id, ''max'', max_responses,
      ''responses'', case when $2 and responses < $3 then null else responses end) order by quota_id), ''[]'')
    from ${QUOTAS_TABLE} where survey_table = $1'
    using a ->> 'survey_table', a ->> 'role' = 'viewer', (a ->> 'minimum_group')::int
    into fill;
  return fill;
end
$fn$;
revoke all on function public.results_quotas(text) from public, anon;
grant execute on function public.results_quotas(text) to authenticated, service_role;`;

export const resultsQuotasFunctions = (): string[] => [quotas];
