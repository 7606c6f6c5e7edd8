/**
 * Two more functions of the results site, beside results-functions-sql.ts
 * and built the same way (SECURITY DEFINER, empty search_path, team.access
 * first, executable by authenticated only):
 * - results_partial_numbers: for a survey with partial responses, the
 *   finished and unfinished rows counted apart and the median time per
 *   question of each (report.partial_numbers, the report's own function),
 *   over the rows the site's filters choose. Any member; a viewer's view
 *   below the minimum group gets only that (team.withheld).
 * - results_channel_state: each notification channel of the survey
 *   (outbox.channel_state): its state, failures in a row, pending, sent and
 *   dead-letter events and its last failures. Owners only: a channel's
 *   failures name its address. An empty list while no survey has channels
 *   (the outbox schema is made only then).
 */
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import { PARTIAL_NUMBERS_FUNCTION } from "./partial-responses-sql.ts";
import { TEAM_SCHEMA } from "./team-sql.ts";
import { refuse } from "./refuse-sql.ts";

const T = TEAM_SCHEMA;

const partialNumbers = `create or replace function public.results_partial_numbers(survey text, filters jsonb default '{}')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'viewer');
  f jsonb := ${T}.filter_request(a, filters);
  p jsonb;
begin
  if not exists (select from pg_catalog.pg_attribute c where c.attrelid = to_regclass(format('public.%I', a ->> 'survey_table')) and c.attname = '${PARTIAL_COLUMNS.finished}' and not c.attisdropped) then
    ${refuse("noPartialResponses", "format('results: survey %L keeps no partial responses', survey)")};
  end if;
  p := ${PARTIAL_NUMBERS_FUNCTION}(a ->> 'survey_table', f -> 'filters', (f ->> 'since')::timestamptz, (f ->> 'until')::timestamptz);
  -- The same base as results_numbers' (every row the filters keep): a viewer's small view gets no count and no time.
  return coalesce(${T}.withheld(a, (p ->> 'finished')::bigint + (p ->> 'unfinished')::bigint), p);
end
$fn$;`;

const channelState = `create or replace function public.results_channel_state(survey text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $fn$
declare
  a jsonb := ${T}.access(survey, 'owner');
  found jsonb;
begin
  if to_regclass('outbox.channel_state') is null then
    return '[]';
  end if;
  execute 'select coalesce(jsonb_agg(jsonb_build_object(''name'', s.name, ''kind'', s.kind, ''active'', s.active, ''state'', s.state, ''failuresInRow'', s.failures_in_row,
      ''pending'', s.pending, ''sent'', s.sent, ''dead'', s.dead, ''lastFailures'', s.last_failures,
      ''lastDelivery'', (select max(l.at) from outbox.log l join outbox.channels c on c.id = l.channel where c.survey_id = s.survey_id and c.name = s.name and l.ok)) order by s.name), ''[]'')
    from outbox.channel_state s where s.survey_id = $1'
    into found using a ->> 'survey_id';
  return found;
end
$fn$;`;

export const RESULTS_SECTIONS_FUNCTIONS = ["results_partial_numbers(text, jsonb)", "results_channel_state(text)"];

const grants = RESULTS_SECTIONS_FUNCTIONS.map((f) => `revoke all on function public.${f} from public, anon;\ngrant execute on function public.${f} to authenticated, service_role;`).join("\n");

export const resultsSectionsFunctions = (): string[] => [partialNumbers, channelState, grants];
