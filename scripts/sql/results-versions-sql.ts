/**
 * The versions of a survey's definition the results site can filter by
 * (definition-versions-sql.ts): each version the survey published, oldest
 * first, with when. A version names which wording and options a respondent
 * saw; the site's version filter (team.filters_of's `version`) then reads
 * those respondents' rows alone. Like every results function it starts with
 * team.access, so anon and a signed-in stranger get 42501; the list says
 * nothing about the answers, so every role and segment gets it whole.
 */
import { VERSIONS_TABLE } from "./definition-versions-sql.ts";
import { TEAM_SCHEMA } from "./team-schema.ts";

const versions = `create or replace function public.results_versions(survey text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${TEAM_SCHEMA}.access(survey, 'viewer');
begin
  return (select coalesce(jsonb_agg(jsonb_build_object('version', v.version, 'publishedAt', v.published_at) order by v.published_at, v.version), '[]')
    from ${VERSIONS_TABLE} v where v.survey_table = a ->> 'survey_table');
end
$fn$;
revoke all on function public.results_versions(text) from public, anon;
grant execute on function public.results_versions(text) to authenticated, service_role;`;

export const resultsVersionsFunctions = (): string[] => [versions];
