/** Quoting and fingerprints for generated SQL. Names are plain identifiers checked by validate (sql-names.ts). */
import { createHash } from "node:crypto";

// Written beside the question types' column checks, which must not load node:crypto.
export { sqlLiteral } from "../../src/question-types/shared/sql.ts";

/**
 * A short, stable fingerprint of a piece of generated SQL. Migrations store
 * it in the object's comment ("codegen:<fingerprint>"), and db:check compares
 * it with what the survey files generate now: PostgreSQL rewrites CHECK
 * expressions when it stores them, so comparing their text would not work.
 */
export const fingerprint = (sql: string): string => createHash("sha256").update(sql).digest("hex").slice(0, 12);

export const MANAGED_COMMENT_PREFIX = "codegen:";
export const managedComment = (sql: string): string => `${MANAGED_COMMENT_PREFIX}${fingerprint(sql)}`;

/**
 * `<table>_<suffix>`, shortened with a hash when it would pass PostgreSQL's
 * 63-byte limit (which would silently truncate it, possibly into a collision).
 */
export function objectName(table: string, suffix: string): string {
  const name = `${table}_${suffix}`;
  if (Buffer.byteLength(name) <= 63) return name;
  return `${name.slice(0, 54)}_${fingerprint(name).slice(0, 8)}`;
}

/**
 * `statement` run with `table` locked in `mode`, as one DO block. A bare
 * LOCK TABLE is refused outside a transaction block (25P01), and since CLI
 * 2.115 `supabase db push` sends a migration's statements as one pipelined
 * batch, which is an implicit transaction, not a block. Inside a block the
 * lock is legal under any client, is held by the statement that needs it
 * even when a client commits each statement alone, and otherwise, as
 * always, until the migration commits.
 */
export const lockedBlock = (table: string, mode: string, statement: string): string => `do $codegen$
begin
  lock table ${table} in ${mode} mode;
  ${statement.replaceAll("\n", "\n  ")}
end
$codegen$;`;
