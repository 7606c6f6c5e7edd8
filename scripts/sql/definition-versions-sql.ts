/**
 * The published definition versions (src/core/definition-version.ts): one
 * row per survey table and version in report.definition_versions, with the
 * labels its numbers are read with (versionLabels), added by the migration
 * codegen writes when a survey's version changes. Rows are only ever added
 * (`on conflict do nothing`: a survey edited back to an earlier definition
 * finds its row there), so an old version's labels stay readable after any
 * later rename, and every published version stays accepted.
 *
 * The guard: a trigger on the survey's table refuses a new or changed row
 * whose definition_version is missing or was never published for that table
 * (SQLSTATE 23514, as a CHECK refuses, with the version and what to do in the
 * message). A trigger and not the column's CHECK: a text edit then adds one
 * row here and changes no table (no constraint rewritten and validated over
 * every row). Rows stored before versions existed are kept as they are.
 * The table is the report's (service_role only); the trigger's function
 * reads it as its owner.
 */
import { versionLabels } from "../../src/core/definition-version.ts";
import { DEFINITION_VERSION } from "../../src/core/fields.ts";
import { resolveSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { definitionVersion } from "../lib/definition-version.ts";
import { REPORT_SCHEMA } from "./report-sql.ts";
import { fingerprint, sqlLiteral } from "./sql-text.ts";

export const VERSIONS_TABLE = `${REPORT_SCHEMA}.definition_versions`;
export const VERSION_GUARD_FUNCTION = "public.definition_version_guard";
export const VERSION_GUARD_TRIGGER = "definition_version_published";

const c = DEFINITION_VERSION.column;

/** What every table's guard shares, written once (and again when it changes): the versions' table and the trigger's function. */
export const versionGuardSql = (): string => `create table if not exists ${VERSIONS_TABLE} (
  survey_table text not null,
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  labels jsonb not null,
  published_at timestamptz not null default now(),
  primary key (survey_table, version)
);
revoke all on ${VERSIONS_TABLE} from public, anon, authenticated;
grant select on ${VERSIONS_TABLE} to service_role;
create or replace function ${VERSION_GUARD_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.${c} is null then
    raise exception '%: a response must carry the version of the survey''s definition (${c}); the page sends it', tg_table_name
      using errcode = '23514', hint = 'A page built by this project sends it; a hand-made request must name a published version (report.definition_versions).';
  end if;
  if tg_op = 'UPDATE' and new.${c} is not distinct from old.${c} then
    return new;
  end if;
  if not exists (select from ${VERSIONS_TABLE} v where v.survey_table = tg_table_name and v.version = new.${c}) then
    raise exception '%: definition version % was never published for this survey', tg_table_name, new.${c}
      using errcode = '23514', hint = 'npm run codegen publishes each version in a migration: apply the migrations before deploying the page built from the same files.';
  end if;
  return new;
end
$$;
revoke all on function ${VERSION_GUARD_FUNCTION}() from public, anon, authenticated;`;

export const versionGuardFingerprint = (): string => fingerprint(versionGuardSql());

const triggerSql = (table: string) => `drop trigger if exists ${VERSION_GUARD_TRIGGER} on public.${table};
create trigger ${VERSION_GUARD_TRIGGER} before insert or update on public.${table}
  for each row execute function ${VERSION_GUARD_FUNCTION}();`;

/** Fingerprint of a table's trigger as this generator writes it (a change of it writes the trigger again). */
export const versionTriggerFingerprint = (table: string): string => fingerprint(triggerSql(table));

/** The survey's version now with its labels, after the table's trigger when it is not there yet (`withTrigger`). */
export function definitionVersionSql(config: SurveyConfig, withTrigger: boolean): string {
  const labels = JSON.stringify(versionLabels(resolveSurvey(config)));
  const insert = `insert into ${VERSIONS_TABLE} (survey_table, version, labels)
values (${sqlLiteral(config.table)}, ${sqlLiteral(definitionVersion(config))}, ${sqlLiteral(labels)}::jsonb)
on conflict (survey_table, version) do nothing;`;
  return withTrigger ? `${triggerSql(config.table)}\n${insert}` : insert;
}
