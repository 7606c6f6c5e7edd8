/**
 * Receipts in the database (src/core/receipt.ts), generated only for a
 * survey whose file has `receipt`: a survey without it gets no byte of this,
 * and its migrations are exactly what they were.
 *
 * - The column `receipt_hash` is one of the table's column specs
 *   (receiptColumnSpec), so adding it to a live table, recording it and
 *   checking it with db:check go the way every column goes, and the
 *   partial-response save writes it with the other columns.
 * - The page sends the code itself in that column; a BEFORE trigger
 *   (`receipt_gate`) replaces it by the SHA-256 of its normal form before
 *   the column's CHECK runs (64 hex digits), so the database never stores a
 *   code. Anything that is not a code is refused.
 * - Two functions the public key may call (security definer, in "public",
 *   so PostgREST serves them at /rpc): `<table>_receipt_read(code)`, the
 *   stored row as JSON, and `<table>_receipt_delete(code)`, which deletes
 *   the row, its visits' events (with partial responses, those of every
 *   device it was saved from) and its outbox events (plain DELETEs: the
 *   report's tallies subtract them through their delete triggers, as for
 *   the purge). Both are volatile, so PostgREST serves them by POST only,
 *   and the API guard's per-address rate limit (db-pre-request) counts each
 *   call as a write. A wrong code and the code of a deleted response meet
 *   the same answer: null from read, false from delete.
 */
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { RECEIPT_ALPHABET, RECEIPT_COLUMN, RECEIPT_LENGTH, receiptFunctionName, usesReceipts } from "../../src/core/receipt.ts";
import { VISIT_ID } from "../../src/core/fields.ts";
import { recordsVisits, VISIT_EVENTS_TABLE } from "../../src/core/visit-steps.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { GUARD_SCHEMA } from "./api-guard-sql.ts";
import { PARTIAL_VISITS_TABLE } from "./partial-responses-sql.ts";
import { fingerprint, objectName, sqlLiteral } from "./sql-text.ts";

export const RECEIPT_DIGEST_FUNCTION = `${GUARD_SCHEMA}.receipt_digest`;
export const RECEIPT_GATE_FUNCTION = `${GUARD_SCHEMA}.receipt_gate`;
export const RECEIPT_TRIGGER = "receipt_gate";

export const receiptColumnSpec = (): ColumnSpec => ({ column: RECEIPT_COLUMN, type: "text", required: false, check: `${RECEIPT_COLUMN} is null or ${RECEIPT_COLUMN} ~ '^[0-9a-f]{64}$'` });

/** A PostgreSQL identifier is at most 63 bytes; a longer function name would be cut silently. */
function functionName(table: string, verb: "read" | "delete"): string {
  const name = receiptFunctionName(table, verb);
  if (new TextEncoder().encode(name).length > 63) throw new Error(`[codegen] ${table}: the table name is too long for receipts (${name} passes PostgreSQL's 63 bytes); choose a shorter "table"`);
  return name;
}

// The same normal form as normalReceiptCode: letters and digits only, capitals, O for 0 and I, L for 1.
const shared = `create schema if not exists ${GUARD_SCHEMA};
-- The hash of a receipt code, or null when the text cannot be a code.
create or replace function ${RECEIPT_DIGEST_FUNCTION}(code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when normal ~ '^[${RECEIPT_ALPHABET}]{${RECEIPT_LENGTH}}$' then encode(sha256(convert_to('receipt|' || normal, 'UTF8')), 'hex') end
    from (select translate(upper(regexp_replace(coalesce(code, ''), '[^0-9A-Za-z]', '', 'g')), 'OIL', '011') as normal) as typed
$$;
-- The page sends the code; only its hash is stored. An update that leaves the column as it was keeps it.
create or replace function ${RECEIPT_GATE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.${RECEIPT_COLUMN} is null or (tg_op = 'UPDATE' and new.${RECEIPT_COLUMN} is not distinct from old.${RECEIPT_COLUMN}) then
    return new;
  end if;
  new.${RECEIPT_COLUMN} := ${RECEIPT_DIGEST_FUNCTION}(new.${RECEIPT_COLUMN});
  if new.${RECEIPT_COLUMN} is null then
    raise exception 'a receipt is ${RECEIPT_LENGTH} symbols of base32' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke all on function ${RECEIPT_DIGEST_FUNCTION}(text), ${RECEIPT_GATE_FUNCTION}() from public, anon, authenticated;`;

/**
 * With partial responses, the visits of the other devices the response was
 * saved from (the "continue later" link), read before the row's deletion
 * forgets them, the row locked so that no save adds one meanwhile.
 */
const otherVisits = (config: SurveyConfig): string =>
  recordsVisits(config) && usesPartialResponses(config)
    ? `  perform from public.${config.table} where ${RECEIPT_COLUMN} = ${RECEIPT_DIGEST_FUNCTION}(code) for update;
  select coalesce(array_agg(p.visit_id), '{}') into visits from ${PARTIAL_VISITS_TABLE} p join public.${config.table} r on r.id = p.response_id
   where p.survey_table = ${sqlLiteral(config.table)} and r.${RECEIPT_COLUMN} = ${RECEIPT_DIGEST_FUNCTION}(code);\n`
    : "";

/** What else the response left: its visits' events (when the survey records visits) and its outbox events, where the outbox exists. */
function derivedDeletes(config: SurveyConfig): string {
  const own = `visit_id::text = gone.${VISIT_ID.column}`;
  const visits = recordsVisits(config)
    ? `  delete from public.${VISIT_EVENTS_TABLE} where survey_id = ${sqlLiteral(config.id)} and ${usesPartialResponses(config) ? `(${own} or visit_id::text = any(visits))` : own};\n`
    : "";
  return `${visits}  if to_regclass('outbox.events') is not null then
    execute 'delete from outbox.log where event_id in (select id from outbox.events where survey_table = $1 and response_id = $2)' using ${sqlLiteral(config.table)}, gone.id;
    execute 'delete from outbox.events where survey_table = $1 and response_id = $2' using ${sqlLiteral(config.table)}, gone.id;
  end if;`;
}

/** The table's trigger, index and two public functions; only their drops when the survey no longer has receipts (the column stays). */
export function receiptTableSql(config: SurveyConfig): string {
  const { table } = config;
  const t = `public.${table}`;
  const drops = `drop trigger if exists ${RECEIPT_TRIGGER} on ${t};
drop function if exists public.${functionName(table, "read")}(text);
drop function if exists public.${functionName(table, "delete")}(text);`;
  if (!usesReceipts(config)) return drops;
  const read = functionName(table, "read");
  const remove = functionName(table, "delete");
  return `${shared}

${drops}
create index if not exists ${objectName(table, RECEIPT_COLUMN)} on ${t} (${RECEIPT_COLUMN});
create trigger ${RECEIPT_TRIGGER} before insert or update of ${RECEIPT_COLUMN} on ${t}
  for each row execute function ${RECEIPT_GATE_FUNCTION}();

-- Volatile, though it only reads: PostgREST serves it by POST, which the API guard counts and rate-limits.
create function public.${read}(code text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select to_jsonb(r) from ${t} r where r.${RECEIPT_COLUMN} = ${RECEIPT_DIGEST_FUNCTION}(code)
$$;

-- Plain DELETEs: the tallies' statement triggers subtract what each removes.
create function public.${remove}(code text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  gone ${t};${otherVisits(config) ? "\n  visits text[];" : ""}
begin
${otherVisits(config)}  delete from ${t} where ${RECEIPT_COLUMN} = ${RECEIPT_DIGEST_FUNCTION}(code) returning * into gone;
  if gone.id is null then
    return false;
  end if;
${derivedDeletes(config)}
  return true;
end
$$;
revoke all on function public.${read}(text), public.${remove}(text) from public;
grant execute on function public.${read}(text), public.${remove}(text) to anon, authenticated;
notify pgrst, 'reload schema';`;
}

/** The fingerprint a table's receipt SQL is recorded with; null when the survey has no receipts. */
export const receiptTableFingerprint = (config: SurveyConfig): string | null => (usesReceipts(config) ? fingerprint(receiptTableSql(config)) : null);
