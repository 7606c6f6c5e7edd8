/**
 * The results site's cross-tab (POST /rest/v1/rpc/results_crosstab), built
 * as the other results functions (SECURITY DEFINER, empty search_path,
 * team.access first, executable by authenticated only): two axes named by
 * their ids in the survey's row (team.surveys.axes, from
 * src/report/crosstab/axes.ts), the site's filters (team.filter_request),
 * the counts of report.crosstab. A personal question is refused as an axis
 * without the personal-data grant (42501, whatever the other axis), as it is
 * as a filter. A viewer sees no count under the survey's minimum group: a
 * view with fewer respondents than that has no cells nor bases, and in a
 * larger one each cell and base under it is left out (`hidden` says so, and
 * that a missing cell is hidden rather than zero); a view of fewer
 * respondents than that answers only so (team.withheld), not how many.
 */
import { refuse } from "./refuse-sql.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";

const T = TEAM_SCHEMA;

/** The counts of a cross-tab for an access (a member's, or a share link's: share-links-sql.ts): the axes checked, then report.crosstab with the filters. */
const crosstabCounts = `create or replace function ${T}.crosstab_counts(a jsonb, row_axis text, column_axis text, filters jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $fn$
declare
  f jsonb := ${T}.filter_request(a, filters);
  axis text;
begin
  foreach axis in array array[row_axis, column_axis] loop
    if coalesce(jsonb_typeof(a -> 'axes' -> axis), '') <> 'object' then
      ${refuse("unknownAxis", "format('results: %L is not a row or column of this survey', axis)")};
    end if;
    if (a -> 'axes' -> axis ->> 'personal')::boolean and not (a ->> 'personal')::boolean then
      ${refuse("personalAxis", "'results: a personal question as a row or column needs the personal-data grant'")};
    end if;
  end loop;
  return report.crosstab((a -> 'request') || f, ${T}.coded_axis(a ->> 'survey_id', a -> 'axes' -> row_axis), ${T}.coded_axis(a ->> 'survey_id', a -> 'axes' -> column_axis));
end
$fn$;`;

const resultsCrosstab = `create or replace function public.results_crosstab(survey text, row_axis text, column_axis text, filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  least_group int := (a ->> 'minimum_group')::int;
  t jsonb;
  small jsonb;
begin
  t := ${T}.crosstab_counts(a, row_axis, column_axis, filters);
  -- A viewer's cross-tab of fewer respondents than the minimum group: only that (team.withheld), not even how many.
  small := ${T}.withheld(a, (t ->> 'total')::bigint);
  if small is not null then
    return small || jsonb_build_object('rowAxis', row_axis, 'columnAxis', column_axis);
  end if;
  if a ->> 'role' = 'viewer' then
    t := t || jsonb_build_object(
      'cells', (select coalesce(jsonb_agg(c order by o), '[]') from jsonb_array_elements(t -> 'cells') with ordinality e(c, o) where (c ->> 2)::int >= least_group),
      'rowBases', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(t -> 'rowBases') where value::int >= least_group),
      'columnBases', (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(t -> 'columnBases') where value::int >= least_group));
    t := t || jsonb_build_object('hidden', least_group);
  end if;
  return t || jsonb_build_object('rowAxis', row_axis, 'columnAxis', column_axis, 'role', a -> 'role', 'personal', a -> 'personal');
end
$fn$;`;

export const RESULTS_CROSSTAB_FUNCTIONS = ["results_crosstab(text, text, text, jsonb)"];

const grants = `revoke all on function ${T}.crosstab_counts(jsonb, text, text, jsonb) from public, anon, authenticated;\ngrant execute on function ${T}.crosstab_counts(jsonb, text, text, jsonb) to service_role;\n${RESULTS_CROSSTAB_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n")}`;

export const resultsCrosstabFunctions = (): string[] => [crosstabCounts, resultsCrosstab, grants];
