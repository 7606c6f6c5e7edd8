/**
 * A/B arms in the database (src/core/arms.ts), generated only for surveys
 * with `arms`: a survey without them gets no byte of this, and its
 * migrations are exactly what they were.
 *
 * The assignment: one row per survey in `survey_private.arm_starts` (which
 * PostgREST does not expose) holds the arms, the starts assigned so far and
 * the current block, a random permutation of the arms. The public function
 * `<table>_assign_arm()` is one `update … returning` on that row: it counts
 * the start, draws a new block when the last one is used up, and returns the
 * block's next arm. The row lock makes concurrent starts take turns, each
 * reading the count the previous one left, so after any number of starts
 * every arm has been given out the same number of times or one more (the
 * arms the current block has reached): the least-filled arm, chosen at random
 * among the least-filled, never a run of one arm to catch up.
 *
 * A change of the file's arms (one added, one removed, their order) starts
 * the counting again from zero: an arm added to a live survey is balanced
 * from then on, not given every start until it has caught up (Qualtrics'
 * "evenly present" burst). The function is volatile, so PostgREST serves it
 * by POST only and the API guard counts and rate-limits each call.
 *
 * The columns: `arm`, one of the arms the survey ever had (ids accumulate as
 * option values do, so old rows stay valid), and `arm_source`, who chose it
 * ("database", or "page" when the call failed); both given or both NULL
 * (rows stored before the survey had arms, or by a page that never knew it).
 */
import { ARM_COLUMN, ARM_SOURCE_COLUMN, ARM_SOURCES, armFunctionName, armIds, usesArms } from "../../src/core/arms.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";

export const ARM_STARTS_TABLE = "survey_private.arm_starts";

const list = (values: readonly string[]) => values.map(sqlLiteral).join(", ");

/** The two columns, for a survey with arms; `previous` are the arm ids earlier migrations allowed. */
export function armColumnSpecs(config: SurveyConfig, previous: string[] | undefined): ColumnSpec[] {
  if (!usesArms(config)) return [];
  const values = [...new Set([...(previous ?? []), ...armIds(config)])];
  const both = `(${ARM_COLUMN} is null and ${ARM_SOURCE_COLUMN} is null) or (${ARM_COLUMN} in (${list(values)}) and ${ARM_SOURCE_COLUMN} is not null)`;
  return [
    { column: ARM_COLUMN, type: "text", required: false, values, check: both },
    { column: ARM_SOURCE_COLUMN, type: "text", required: false, check: `${ARM_SOURCE_COLUMN} is null or ${ARM_SOURCE_COLUMN} in (${list(ARM_SOURCES)})` },
  ];
}

const fn = (config: SurveyConfig) => `public.${armFunctionName(config.table)}`;

/** The survey's counter row and its public function; only their drops when it has no arms (any more). The columns stay. */
export function armTableSql(config: SurveyConfig): string {
  const table = sqlLiteral(config.table);
  if (!usesArms(config)) {
    return `drop function if exists ${fn(config)}();
do $codegen$
begin
  if to_regclass('${ARM_STARTS_TABLE}') is not null then
    delete from ${ARM_STARTS_TABLE} where survey_table = ${table};
  end if;
end
$codegen$;`;
  }
  const arms = `array[${list(armIds(config))}]::text[]`;
  return `-- Arms: ${armIds(config).join(", ")}.
create schema if not exists survey_private;
create table if not exists ${ARM_STARTS_TABLE} (
  survey_table text primary key,
  arms text[] not null check (cardinality(arms) between 2 and 10),
  starts bigint not null default 0 check (starts >= 0),
  block text[] not null default '{}'
);
revoke all on ${ARM_STARTS_TABLE} from public, anon, authenticated;
-- Other arms than the last migration's: counted again from zero (no catch-up for an arm added late).
insert into ${ARM_STARTS_TABLE} (survey_table, arms) values (${table}, ${arms})
on conflict (survey_table) do update set arms = excluded.arms, starts = 0, block = '{}'
 where ${ARM_STARTS_TABLE}.arms is distinct from excluded.arms;
-- One statement: the row lock orders concurrent starts; each block gives every arm once, in random order.
create or replace function ${fn(config)}()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  update ${ARM_STARTS_TABLE}
     set starts = starts + 1,
         block = case when starts % cardinality(arms) = 0 then array(select arm from unnest(arms) as arm order by random()) else block end
   where survey_table = ${table}
  returning block[((starts - 1) % cardinality(arms))::integer + 1];
$$;
revoke all on function ${fn(config)}() from public;
grant execute on function ${fn(config)}() to anon, authenticated;
notify pgrst, 'reload schema';`;
}

/** The fingerprint a table's arm SQL is recorded with; null when the survey has no arms. */
export const armTableFingerprint = (config: SurveyConfig): string | null => (usesArms(config) ? fingerprint(armTableSql(config)) : null);
