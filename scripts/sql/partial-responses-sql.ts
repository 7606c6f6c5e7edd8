/**
 * The SQL of a survey table with partial responses (src/core/partial-response.ts).
 * Generated only for a survey whose file sets `partialResponses: true`, so
 * every other survey's SQL is unchanged.
 *
 * The public key neither inserts nor reads the table: it calls two functions
 * (security definer, so they reach the table; in "public", so PostgREST
 * serves them at /rpc) that take the row's id and its secret and compare the
 * secret's SHA-256 with the row's:
 * - save: inserts the row, or updates it while it is unfinished and the
 *   secret matches; each call is one row, a POST that the API guard counts
 *   and rate-limits, and idempotent (a retry after a lost answer, even after
 *   the final save, changes nothing more), and ordered: a save whose
 *   save number is below the row's changes nothing (the saves a closing tab
 *   sends together arrive in any order; the newest holds every answer), and
 *   two first saves that meet make one row, the later updating it. A save
 *   without a number (a page built before the number) always applies, as
 *   every save did then. The columns it writes are listed
 *   here, so created_at, updated_at and the hash are the server's. Times per
 *   question are clamped to [0, MAX_QUESTION_MS] whole milliseconds. The
 *   row's visit id is the first save's (the device the response started
 *   on); a save from another device's visit (the "continue later" link
 *   opened there) records that visit in PARTIAL_VISITS_TABLE, so that a
 *   deletion with the receipt can delete every device's visit events.
 * - resume: the answers of an unfinished row, for the "continue later" link.
 * Every CHECK of the table still applies to what save writes, and its
 * triggers (one response per request, server time, campaign) still run.
 *
 * The campaign's limit counts finished rows (partial-campaign-sql.ts).
 */
import { MAX_QUESTION_MS, PARTIAL_COLUMNS, partialFunctionName } from "../../src/core/partial-response.ts";
import { HONEYPOT } from "../../src/core/honeypot.ts";
import { VISIT_ID } from "../../src/core/fields.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { sqlLiteral } from "./sql-text.ts";

const { finished, lastStep, questionMs, secretHash, updatedAt, saveNumber } = PARTIAL_COLUMNS;

export const PARTIAL_NUMBERS_FUNCTION = "report.partial_numbers";
/** The other devices' visits of a response (survey table, response id, visit id); their rows go with the response's. */
export const PARTIAL_VISITS_TABLE = "survey_private.partial_visits";
const PARTIAL_VISITS_FORGET_FUNCTION = "survey_private.partial_visits_forget";
const PARTIAL_VISITS_TRIGGER = "partial_visits_forget";

export const isPartialTable = (specs: readonly Pick<ColumnSpec, "column">[]): boolean => specs.some((spec) => spec.column === finished);

/** A PostgreSQL identifier is at most 63 bytes; a longer function name would be cut silently. */
function functionName(table: string, verb: "save" | "resume"): string {
  const name = partialFunctionName(table, verb);
  if (new TextEncoder().encode(name).length > 63) throw new Error(`[codegen] ${table}: the table name is too long for partial responses (${name} passes PostgreSQL's 63 bytes); choose a shorter "table"`);
  return name;
}

const HASH_OF_SECRET = "encode(sha256(convert_to(secret, 'UTF8')), 'hex')";

/** The row (`stored`) holds a save numbered above this one (`r`); a save without a number is never older. */
const newer = (stored: string) => `coalesce(${stored}.${saveNumber} > r.${saveNumber}, false)`;

function saveFunction(table: string, specs: readonly ColumnSpec[]): string {
  const t = `public.${table}`;
  const answers = [...specs.filter((spec) => !Object.values(PARTIAL_COLUMNS).includes(spec.column as never)).map((spec) => spec.column), HONEYPOT];
  const steps = specs.find((spec) => spec.column === lastStep)!.values!;
  const columns = ["id", ...answers, finished, lastStep, questionMs, secretHash, updatedAt, saveNumber];
  const values = ["r.id", ...answers.map((column) => `r.${column}`), `coalesce(r.${finished}, false)`, `r.${lastStep}`, "times", "hash", "now()", `r.${saveNumber}`];
  const updated: Record<string, string> = {
    // The row keeps the visit it was started in (the report counts its response there); another device's visit is recorded beside it.
    [VISIT_ID.column]: `coalesce(${VISIT_ID.column}, r.${VISIT_ID.column})`,
    // A save from a page built before the number keeps the row's.
    [saveNumber]: `coalesce(r.${saveNumber}, ${saveNumber})`,
    // now() is when this save's transaction began, which can be before another save's insert it waited for.
    [updatedAt]: `greatest(now(), created_at)`,
  };
  const updates = columns
    .filter((column) => column !== "id" && column !== secretHash)
    .map((column) => `${column} = ${updated[column] ?? values[columns.indexOf(column)]}`);
  return `create or replace function public.${functionName(table, "save")}(response jsonb, secret text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r ${t};
  hash text;
  times jsonb;
  kept text;
  stored record;
begin
  if secret is null or secret !~ '^[A-Za-z0-9_-]{32,128}$' then
    raise exception 'a partial response is saved with its secret' using errcode = '22023';
  end if;
  r := jsonb_populate_record(null::${t}, response);
  if r.id is null then
    raise exception 'a partial response is saved with its id' using errcode = '22023';
  end if;
  hash := ${HASH_OF_SECRET};
  -- Times per question: only the survey's questions, whole milliseconds in [0, ${MAX_QUESTION_MS}]; anything else is dropped.
  select jsonb_object_agg(key, least(greatest(round((value #>> '{}')::numeric), 0), ${MAX_QUESTION_MS})::integer)
    into times
    from jsonb_each(case when jsonb_typeof(response -> '${questionMs}') = 'object' then response -> '${questionMs}' else '{}'::jsonb end)
   where jsonb_typeof(value) = 'number' and key in (${steps.map(sqlLiteral).join(", ")});
  -- Update, else insert (not INSERT … ON CONFLICT, whose insert triggers would run for a row that already exists).
  loop
    update ${t} set ${updates.join(", ")}
     where id = r.id and ${secretHash} = hash and ${finished} is false
       and not ${newer(t)}
    returning ${VISIT_ID.column} into kept;
    if found then
      if r.${VISIT_ID.column} is distinct from kept and r.${VISIT_ID.column} is not null then
        insert into ${PARTIAL_VISITS_TABLE} (survey_table, response_id, visit_id) values (${sqlLiteral(table)}, r.id, r.${VISIT_ID.column}) on conflict do nothing;
      end if;
      return;
    end if;
    -- Not updated: the row as it is now, locked, says why.
    select s.${secretHash}, s.${finished}, s.${saveNumber} into stored from ${t} s where s.id = r.id for update;
    if found then
      if stored.${secretHash} is distinct from hash then
        raise exception 'this response cannot be changed with this secret' using errcode = '42501';
      end if;
      -- Finished (a retry after a lost answer) or holding a newer save: success, nothing to change.
      if stored.${finished} or ${newer("stored")} then
        return;
      end if;
      -- Another first save committed the row after the update looked: go round, the row locked.
      continue;
    end if;
    begin
      insert into ${t} (${columns.join(", ")})
      values (${values.join(", ")});
      return;
    exception when unique_violation then
      -- Another first save of this response inserted the row meanwhile (committed, or the insert would still wait): go round and update it.
      if not exists (select from ${t} where id = r.id) then
        raise;
      end if;
    end;
  end loop;
end
$$;`;
}

function resumeFunction(table: string, specs: readonly ColumnSpec[]): string {
  const t = `public.${table}`;
  const shown = ["id", ...specs.filter((spec) => spec.column !== secretHash && spec.column !== updatedAt).map((spec) => spec.column)];
  return `create or replace function public.${functionName(table, "resume")}(response_id uuid, secret text)
returns jsonb
language sql
-- Volatile, though it only reads: PostgREST runs a stable function read-only, where the API guard's
-- rate limit (db-pre-request) cannot count the call, and answers 405. Counted, guessing secrets is rate-limited too.
volatile
security definer
set search_path = ''
as $$
  select jsonb_build_object(${shown.map((column) => `'${column}', r.${column}`).join(", ")})
    from ${t} r
   where r.id = response_id and r.${finished} is false and r.${secretHash} = ${HASH_OF_SECRET}
$$;`;
}

/**
 * For the report and the results site: over the rows of `tbl` from `since`
 * (the report's --since) to `until` (the site's date range) matching
 * `filters` (column = value), as report.rows_of chooses them, how many are
 * finished and unfinished, and the median milliseconds per question
 * (percentile_cont) of each, apart. The earlier forms (without --since,
 * without until) are dropped first, so that no call is ambiguous.
 */
const partialNumbersFunction = `create schema if not exists report;
drop function if exists ${PARTIAL_NUMBERS_FUNCTION}(text, jsonb);
drop function if exists ${PARTIAL_NUMBERS_FUNCTION}(text, jsonb, timestamptz);
create or replace function ${PARTIAL_NUMBERS_FUNCTION}(tbl text, filters jsonb default '{}', since timestamptz default null, until timestamptz default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  rows_sql text := report.rows_of(tbl, since, filters, until);
  result jsonb;
begin
  execute format($sql$
    select jsonb_build_object(
      'finished', (select count(*) from (%1$s) f where f.${finished}),
      'unfinished', (select count(*) from (%1$s) u where not u.${finished}),
      'medianMs', jsonb_build_object(
        'finished', (select coalesce(jsonb_object_agg(key, median), '{}') from (select t.key, percentile_cont(0.5) within group (order by t.value::numeric) as median from (%1$s) m, jsonb_each_text(m.${questionMs}) t where m.${finished} group by t.key) f),
        'unfinished', (select coalesce(jsonb_object_agg(key, median), '{}') from (select t.key, percentile_cont(0.5) within group (order by t.value::numeric) as median from (%1$s) m, jsonb_each_text(m.${questionMs}) t where not m.${finished} group by t.key) u)))
  $sql$, rows_sql) into result;
  return result;
end
$$;
revoke all on function ${PARTIAL_NUMBERS_FUNCTION}(text, jsonb, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function ${PARTIAL_NUMBERS_FUNCTION}(text, jsonb, timestamptz, timestamptz) to service_role;`;

/** The other devices' visits, shared by every table with partial responses; a response's rows are forgotten when it is deleted, however. */
const partialVisitsSql = `create schema if not exists survey_private;
create table if not exists ${PARTIAL_VISITS_TABLE} (
  survey_table text not null,
  response_id uuid not null,
  visit_id text not null,
  primary key (survey_table, response_id, visit_id)
);
revoke all on table ${PARTIAL_VISITS_TABLE} from public, anon, authenticated;
create or replace function ${PARTIAL_VISITS_FORGET_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from ${PARTIAL_VISITS_TABLE} p using gone g where p.survey_table = tg_table_name and p.response_id = g.id;
  return null;
end
$$;
revoke all on function ${PARTIAL_VISITS_FORGET_FUNCTION}() from public, anon, authenticated;`;

/** Appended to the table's access part: the public key writes and reads its own row only through the functions. */
export function partialAccessSql(table: string, specs: readonly ColumnSpec[]): string {
  const save = `public.${functionName(table, "save")}(jsonb, text)`;
  const resume = `public.${functionName(table, "resume")}(uuid, text)`;
  return `-- Partial responses: the public key inserts, updates and reads only its own row, through these two functions.
revoke insert on table public.${table} from anon, authenticated;
${partialVisitsSql}
drop trigger if exists ${PARTIAL_VISITS_TRIGGER} on public.${table};
create trigger ${PARTIAL_VISITS_TRIGGER} after delete on public.${table} referencing old table as gone
  for each statement execute function ${PARTIAL_VISITS_FORGET_FUNCTION}();
${saveFunction(table, specs)}
${resumeFunction(table, specs)}
revoke all on function ${save} from public;
revoke all on function ${resume} from public;
grant execute on function ${save} to anon, authenticated;
grant execute on function ${resume} to anon, authenticated;
${partialNumbersFunction}`;
}

/** Turning partial responses off: the functions go, the public key inserts again (accessSql grants it). */
export function dropPartialFunctionsSql(table: string): string {
  return `drop function if exists public.${functionName(table, "save")}(jsonb, text);
drop function if exists public.${functionName(table, "resume")}(uuid, text);
drop trigger if exists ${PARTIAL_VISITS_TRIGGER} on public.${table};`;
}
