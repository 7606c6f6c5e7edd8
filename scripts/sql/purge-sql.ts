/**
 * Rows kept no longer than the purpose needs (LGPD art. 15 and 16), deleted
 * by the database itself. One general mechanism: `survey_private.purge_rules`
 * holds one row per kind of expired row (a table, the column that dates a
 * row, how long a row is kept, and any further condition), and
 * `survey_private.purge()` deletes, rule by rule, the rows older than that,
 * with a plain DELETE, so the report's tallies subtract them through their
 * delete triggers exactly as for any other delete. Each generator owns its
 * rules (`owner`) and rewrites only those: the survey files' `retention` here;
 * another feature (e.g. unfinished partial responses) adds its own rows.
 *
 * "Now" is `survey_private.purge_clock()`: the server's time, unless the
 * session setting `survey.purge_clock` names another (tests move it forward).
 * Where pg_cron is installed (Supabase has it: the `cron` schema exists) a job
 * runs the purge every hour; elsewhere the local data API runs it on start
 * and every hour (scripts/data-api/database-jobs.ts).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import { GUARD_SCHEMA } from "./api-guard-sql.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";

export const PURGE_FUNCTION = `${GUARD_SCHEMA}.purge`;
export const PURGE_CLOCK_SETTING = "survey.purge_clock";
export const PURGE_RULES_TABLE = `${GUARD_SCHEMA}.purge_rules`;
/** The pg_cron job's name and schedule (every hour, off the full hour when other jobs crowd). */
export const PURGE_JOB = { name: "survey-purge", schedule: "17 * * * *" } as const;
const OWNER = "retention";

export interface PurgeRule {
  name: string;
  target: string;
  timeColumn: string;
  keepDays: number;
  condition: string;
}

/**
 * The rules the survey files' `retention` asks for: each survey's responses,
 * its visit events, and (with partial responses) its unfinished responses,
 * dated by their last answer.
 */
export function retentionRules(configs: readonly SurveyConfig[]): PurgeRule[] {
  return configs.flatMap((config) => [...fileRules(config), ...unfinishedRules(config)]);
}

function unfinishedRules(config: SurveyConfig): PurgeRule[] {
  const days = config.retention?.unfinishedResponsesDays;
  if (!days || !usesPartialResponses(config)) return [];
  return [{ name: `${OWNER}:unfinished:${config.table}`, target: `public.${config.table}`, timeColumn: PARTIAL_COLUMNS.updatedAt, keepDays: days, condition: `${PARTIAL_COLUMNS.finished} is false` }];
}

function fileRules({ id, table, retention }: SurveyConfig): PurgeRule[] {
  return [
    ...(retention?.responsesDays ? [{ name: `${OWNER}:responses:${table}`, target: `public.${table}`, timeColumn: "created_at", keepDays: retention.responsesDays, condition: "true" }] : []),
    ...(retention?.visitEventsDays ? [{ name: `${OWNER}:visit_events:${id}`, target: `public.${VISIT_EVENTS_TABLE}`, timeColumn: "created_at", keepDays: retention.visitEventsDays, condition: `survey_id = ${sqlLiteral(id)}` }] : []),
  ];
}

const machinery = `-- One row per kind of expired row; each generator (owner) replaces only its own rows.
create table if not exists ${PURGE_RULES_TABLE} (
  name text primary key,
  owner text not null,
  target regclass not null,
  time_column name not null,
  keep interval not null check (keep > interval '0'),
  condition text not null default 'true'
);
revoke all on ${PURGE_RULES_TABLE} from public, anon, authenticated;

create or replace function ${GUARD_SCHEMA}.purge_clock()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('${PURGE_CLOCK_SETTING}', true), '')::timestamptz, now())
$$;

-- Plain DELETEs, one per rule: the tallies' statement triggers subtract what each removes.
create or replace function ${PURGE_FUNCTION}()
returns table (rule text, deleted bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  clock timestamptz := ${GUARD_SCHEMA}.purge_clock();
begin
  for r in select * from ${PURGE_RULES_TABLE} order by name loop
    execute format('delete from %s where %I < $1 and (%s)', r.target, r.time_column, r.condition) using clock - r.keep;
    rule := r.name;
    get diagnostics deleted = row_count;
    return next;
  end loop;
end
$$;
revoke all on function ${GUARD_SCHEMA}.purge_clock() from public, anon, authenticated;
revoke all on function ${PURGE_FUNCTION}() from public, anon, authenticated;
create index if not exists ${VISIT_EVENTS_TABLE}_created_at_idx on public.${VISIT_EVENTS_TABLE} (created_at);`;

/** Scheduled only where pg_cron is installed, so the same migration applies with and without it. */
const schedule = `-- pg_cron (Supabase): the purge every hour. Without the extension the local data API runs it.
do $codegen$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule(${sqlLiteral(PURGE_JOB.name)}, ${sqlLiteral(PURGE_JOB.schedule)}, 'select ${PURGE_FUNCTION}()');
  end if;
end
$codegen$;`;

const rulesSql = (rules: PurgeRule[]) => `-- The survey files' retention: these rules and no other of theirs.
delete from ${PURGE_RULES_TABLE} where owner = '${OWNER}';
${rules.length ? `insert into ${PURGE_RULES_TABLE} (name, owner, target, time_column, keep, condition) values
${rules.map((rule) => `  (${sqlLiteral(rule.name)}, '${OWNER}', ${sqlLiteral(rule.target)}, ${sqlLiteral(rule.timeColumn)}, interval '${rule.keepDays} days', ${sqlLiteral(rule.condition)})`).join(",\n")};` : "-- (none)"}`;

export const purgeSql = (configs: readonly SurveyConfig[]): string[] => [machinery, schedule, rulesSql(retentionRules(configs))];

export const purgeFingerprint = (configs: readonly SurveyConfig[]): string => fingerprint(purgeSql(configs).join("\n"));

/** Whether a migration is due: when the SQL changed, but never for a project that has not used retention yet and still does not. */
export const purgeDue = (configs: readonly SurveyConfig[], applied: string | undefined): boolean =>
  applied === undefined ? retentionRules(configs).length > 0 : applied !== purgeFingerprint(configs);
