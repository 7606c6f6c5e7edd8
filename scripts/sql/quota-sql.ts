/**
 * Quotas in the database (src/core/quotas.ts), generated only for surveys
 * with `quotas`: a survey without them gets no byte of this, and its
 * migrations are exactly what they were.
 *
 * One row per quota in `survey_private.quotas`, which PostgREST does not
 * expose. A BEFORE trigger, written for the table's own columns, tests each
 * quota's condition on the new row (conditionSql, the meaning the page
 * gives it) and takes a place with one `update … set responses = responses
 * + 1 where responses < max_responses`, as the campaign's limit does: the
 * row lock makes concurrent inserts take turns and the second re-reads the
 * count the first left, so no two take the last place, and an insert refused
 * later (another quota full, a CHECK) gives its places back with its
 * transaction. Quotas are taken in id order, so two inserts that meet the
 * same two quotas never wait on each other in a circle.
 *
 * Retroactive: each migration counts the rows already there, with inserts
 * held off (a table lock), so a quota added to a live survey starts from the
 * responses stored before it. Deleted rows give their places back, a
 * TRUNCATE gives them all back. Imports by the service role are counted but
 * never refused. With partial responses the quota counts finished rows: the
 * place is taken when a row becomes finished, once.
 */
import { fullQuotasFunctionName, QUOTA_ERROR_CODE, usesQuotas } from "../../src/core/quotas.ts";
import { PARTIAL_COLUMNS, usesPartialResponses } from "../../src/core/partial-response.ts";
import type { Quota, SurveyConfig } from "../../src/generated/survey-config.ts";
import { conditionSql } from "./condition-sql.ts";
import { fingerprint, lockedBlock, objectName, sqlLiteral } from "./sql-text.ts";
import { PUBLIC_ROLE } from "./public-role.ts";

export const QUOTAS_TABLE = "survey_private.quotas";
export const QUOTA_TRIGGERS = { gate: "quota_gate", release: "quota_release", reset: "quota_reset" } as const;
export const quotaFunctionName = (table: string, what: keyof typeof QUOTA_TRIGGERS): string => `survey_private.${objectName(table, `quota_${what}`)}`;

const { finished } = PARTIAL_COLUMNS;

/** The quotas in the order their places are taken. */
const ordered = (config: SurveyConfig): Quota[] => [...(config.quotas ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Whether `record` (new or old) meets the quota: its condition over the record's columns. */
const meets = (quota: Quota, config: SurveyConfig, record: "new" | "old") => `(select ${conditionSql(quota.when, config)} from (select ${record}.*) as r)`;

const quotaRow = (table: string, id: string) => `survey_table = ${sqlLiteral(table)} and quota_id = ${sqlLiteral(id)}`;

function gateFunction(config: SurveyConfig): string {
  const { table } = config;
  const partial = usesPartialResponses(config);
  const takes = ordered(config).map((quota) => `  if ${meets(quota, config, "new")} then
    update ${QUOTAS_TABLE} set responses = responses + 1
     where ${quotaRow(table, quota.id)} and (responses < max_responses or not public_role);
    if not found then
      raise exception 'the quota "%" has all the responses it takes', ${sqlLiteral(quota.id)} using errcode = '${QUOTA_ERROR_CODE}', detail = ${sqlLiteral(quota.id)};
    end if;
  end if;`);
  const once = partial ? `  -- A place is taken when the row becomes finished, once.
  if new.${finished} is not true or (tg_op = 'UPDATE' and old.${finished} is true) then
    return new;
  end if;
` : "";
  return `create or replace function ${quotaFunctionName(table, "gate")}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  public_role boolean := ${PUBLIC_ROLE};
begin
${once}${takes.join("\n")}
  return new;
end
$$;`;
}

function releaseFunction(config: SurveyConfig): string {
  const { table } = config;
  const gives = ordered(config).map((quota) => `  if ${meets(quota, config, "old")} then
    update ${QUOTAS_TABLE} set responses = greatest(responses - 1, 0) where ${quotaRow(table, quota.id)};
  end if;`);
  const counted = usesPartialResponses(config) ? `  if old.${finished} is not true then
    return null;
  end if;
` : "";
  return `create or replace function ${quotaFunctionName(table, "release")}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
${counted}${gives.join("\n")}
  return null;
end
$$;
create or replace function ${quotaFunctionName(table, "reset")}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update ${QUOTAS_TABLE} set responses = 0 where survey_table = ${sqlLiteral(table)};
  return null;
end
$$;`;
}

/** The quotas' rows, each counted from the rows already there (finished ones with partial responses). */
function rowsSql(config: SurveyConfig): string {
  const { table } = config;
  const only = usesPartialResponses(config) ? ` and ${finished}` : "";
  const ids = ordered(config).map((quota) => sqlLiteral(quota.id));
  const upserts = ordered(config).map((quota) => `insert into ${QUOTAS_TABLE} (survey_table, quota_id, max_responses, responses)
select ${sqlLiteral(table)}, ${sqlLiteral(quota.id)}, ${quota.max}, count(*) from public.${table} where ${conditionSql(quota.when, config)}${only}
on conflict (survey_table, quota_id) do update set max_responses = excluded.max_responses, responses = excluded.responses;`);
  return `delete from ${QUOTAS_TABLE} where survey_table = ${sqlLiteral(table)} and quota_id <> all (array[${ids.join(", ")}]);
${upserts.join("\n")}`;
}

/** The full quotas whose option the page stops offering: only their ids, never a count. */
function fullQuotasFunction(config: SurveyConfig): string {
  const hideable = ordered(config).filter((quota) => quota.hideOption).map((quota) => sqlLiteral(quota.id));
  const fn = `public.${fullQuotasFunctionName(config.table)}`;
  if (!hideable.length) return `drop function if exists ${fn}();`;
  return `create or replace function ${fn}()
returns text[]
language sql
-- Volatile, though it only reads: PostgREST runs a stable function read-only, where the API guard's
-- rate limit (db-pre-request) cannot count the call, and answers 405.
volatile
security definer
set search_path = ''
as $$
  select coalesce(array_agg(quota_id order by quota_id), '{}') from ${QUOTAS_TABLE}
   where survey_table = ${sqlLiteral(config.table)} and quota_id in (${hideable.join(", ")}) and responses >= max_responses;
$$;
revoke all on function ${fn}() from public;
grant execute on function ${fn}() to anon, authenticated;`;
}

const dropsSql = (config: SurveyConfig): string => {
  const t = `public.${config.table}`;
  return Object.values(QUOTA_TRIGGERS).map((trigger) => `drop trigger if exists ${trigger} on ${t};`).join("\n");
};

/** A table's quota rows, functions and triggers as its survey asks; only the drops when it has none (any more). */
export function quotaTableSql(config: SurveyConfig): string {
  const t = `public.${config.table}`;
  if (!usesQuotas(config)) {
    return `${dropsSql(config)}
${(Object.keys(QUOTA_TRIGGERS) as (keyof typeof QUOTA_TRIGGERS)[]).map((what) => `drop function if exists ${quotaFunctionName(config.table, what)}();`).join("\n")}
drop function if exists public.${fullQuotasFunctionName(config.table)}();
do $codegen$
begin
  if to_regclass('${QUOTAS_TABLE}') is not null then
    delete from ${QUOTAS_TABLE} where survey_table = ${sqlLiteral(config.table)};
  end if;
end
$codegen$;`;
  }
  const events = usesPartialResponses(config) ? `insert or update of ${finished}` : "insert";
  return `-- Quotas: ${ordered(config).map((quota) => `${quota.id} ≤ ${quota.max}`).join(", ")}.
create schema if not exists survey_private;
create table if not exists ${QUOTAS_TABLE} (
  survey_table text not null,
  quota_id text not null,
  max_responses integer not null check (max_responses > 0),
  responses integer not null default 0,
  primary key (survey_table, quota_id)
);
revoke all on ${QUOTAS_TABLE} from public, anon, authenticated;
${gateFunction(config)}
${releaseFunction(config)}
${(Object.keys(QUOTA_TRIGGERS) as (keyof typeof QUOTA_TRIGGERS)[]).map((what) => `revoke all on function ${quotaFunctionName(config.table, what)}() from public, anon, authenticated;`).join("\n")}
-- Counted, and the triggers made, with inserts held off: a response stored meanwhile is neither missed nor counted twice.
${lockedBlock(t, "share row exclusive", `${rowsSql(config)}
${dropsSql(config)}
create trigger ${QUOTA_TRIGGERS.gate} before ${events} on ${t}
  for each row execute function ${quotaFunctionName(config.table, "gate")}();
create trigger ${QUOTA_TRIGGERS.release} after delete on ${t}
  for each row execute function ${quotaFunctionName(config.table, "release")}();
create trigger ${QUOTA_TRIGGERS.reset} after truncate on ${t}
  for each statement execute function ${quotaFunctionName(config.table, "reset")}();`)}
${fullQuotasFunction(config)}`;
}

/** The fingerprint a table's quota SQL is recorded with; null when the survey has no quotas. */
export const quotaTableFingerprint = (config: SurveyConfig): string | null => (usesQuotas(config) ? fingerprint(quotaTableSql(config)) : null);
