/**
 * The database columns a survey needs, derived from its stored fields (answers, hidden fields, visit id): SQL
 * type, NOT NULL for required answers, and the CHECK that stops abuse through
 * the public key (text length, list size and entry length, slider range).
 * Migrations are planned by comparing these specs with what earlier
 * migrations created, so a spec is plain data that round-trips through JSON.
 */
import { createHash } from "node:crypto";
import { LIMITS, storedFields, textLimitOf, type StoredField } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

export interface ColumnSpec {
  column: string;
  type: "text" | "text[]" | "integer";
  notNull: boolean;
  /** SQL boolean expression of the column's CHECK constraint. */
  check: string;
}

/** CHECK constraints may not hold subqueries, so list entries are measured by this function. */
export const ENTRY_LENGTH_FUNCTION = "text_array_max_entry_length";

const SQL_TYPES = { text: "text", list: "text[]", integer: "integer" } as const;

function checkOf(field: StoredField): string {
  const c = field.column;
  if (field.kind === "list") return `cardinality(${c}) <= ${LIMITS.listEntries} and public.${ENTRY_LENGTH_FUNCTION}(${c}) <= ${LIMITS.listEntryLength}`;
  if (field.kind === "integer" && field.question.type === "slider") return `${c} between ${field.question.min} and ${field.question.max}`;
  return `char_length(${c}) <= ${textLimitOf(field)}`;
}

export function columnSpecs(config: SurveyConfig): ColumnSpec[] {
  return storedFields(config).map((field) => ({
    column: field.column,
    type: SQL_TYPES[field.kind],
    notNull: field.required,
    check: checkOf(field),
  }));
}

/**
 * `<table>_<column>_check`, the name PostgreSQL itself would pick, so that a
 * later migration can drop it. Names over PostgreSQL's 63-character limit
 * are shortened with a hash instead of being silently truncated (and
 * possibly colliding).
 */
export function constraintName(table: string, column: string): string {
  const name = `${table}_${column}_check`;
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash("sha256").update(name).digest("hex").slice(0, 8)}`;
}
