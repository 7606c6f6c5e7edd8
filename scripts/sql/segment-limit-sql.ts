/**
 * results_limit_member: an owner keeps a viewer to one segment
 * (team_members.segment; segments-sql.ts grants it with the segments'
 * other functions, team.access and team.filter_request enforce it).
 */
import { refuse } from "./refuse-sql.ts";
import { TEAM_SCHEMA } from "./team-schema.ts";

const T = TEAM_SCHEMA;

/** An owner limits a viewer to one segment (null lifts it); never to a personal condition for a viewer without the grant. */
export const limitMemberFunction = `create or replace function public.results_limit_member(member_email text, segment_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  address text := lower(trim(member_email));
  target public.team_members;
  segment_survey text;
  segment_filters jsonb;
begin
  perform ${T}.lock_members();
  perform ${T}.require_owner();
  select * into target from public.team_members t where t.email = address;
  if target.email is null or target.role <> 'viewer' then
    ${refuse("viewerOnlyLimit", "'results: only a viewer is limited to a segment'")};
  end if;
  if segment_id is not null then
    select g.survey_id, g.filters into segment_survey, segment_filters from public.team_segments g where g.id = segment_id;
    if segment_survey is null then
      ${refuse("unknownSegment", "'results: no such segment'")};
    end if;
    if not target.personal and exists (select from ${T}.surveys s where s.survey_id = segment_survey and s.personal_ids @> array[segment_filters -> 'answer' ->> 'question']) then
      ${refuse("personalFilter", "'results: filtering on personal data needs the personal-data grant'")};
    end if;
  end if;
  update public.team_members set segment = segment_id where email = address;
end
$fn$;`;
