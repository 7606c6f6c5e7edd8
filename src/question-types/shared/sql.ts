/**
 * The SQL of the three kinds of column a question's answer may have (text,
 * list of option values, integer), which the types' tools compose. Pure: the
 * editor loads it in the browser.
 */
import { NUMBER_PATTERN } from "../../core/conditions.ts";
import { LIMITS } from "../../core/fields.ts";
import type { ColumnSql, QuestionTools } from "../types.ts";

/** An SQL string literal (standard_conforming_strings, the default since PostgreSQL 9.1). */
export const sqlLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export const textArray = (values: string[]) => `array[${values.map(sqlLiteral).join(", ")}]::text[]`;

/** A random element of `values`, drawn per row (`r` is a per-row random in [0,1)). */
export const pickSql = (values: string[], r: string) => `(${textArray(values)})[1 + floor(${r} * ${values.length})::int]`;

/** `expression`, with NULL read as false. */
export const orFalse = (expression: string) => `coalesce(${expression}, false)`;

/** A text: not too long, one of the options when it has options, and not blank when given. */
export function textColumn(column: string, values: string[] | undefined, maxLength: number = LIMITS.textLength): ColumnSql {
  const checks = [`char_length(${column}) <= ${maxLength}`];
  if (values) checks.push(`${column} = any (${textArray(values)})`);
  return { checks, present: values ? `${column} is not null` : `${column} is not null and btrim(${column}, E' \\t\\r\\n') <> ''` };
}

/** A text column in conditions: blank is unanswered; a number answer counts only when it reads as one, with the page's pattern. */
export const textSql: QuestionTools<never>["sql"] = {
  isEmpty: (column) => `coalesce(${column} ~ '^\\s*$', true)`,
  compare: (column, operator, value) => orFalse(`case when ${column} ~ ${sqlLiteral(NUMBER_PATTERN)} then ${column}::numeric ${operator} ${String(value)} end`),
};
