/**
 * Table and column names go into generated SQL unquoted, so they must be
 * plain identifiers (the schema's sqlIdentifier rule) and not one of
 * PostgreSQL's reserved key words, which would need quoting everywhere.
 */
import { readFileSync } from "node:fs";
import { SCHEMA_PATH } from "./schema-check.ts";

/** PostgreSQL's reserved key words (appendix C, "reserved" and "reserved, can be function or type"). */
const RESERVED = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate
  collation column concurrently constraint create cross current_catalog current_date current_role
  current_schema current_time current_timestamp current_user default deferrable desc distinct do else end
  except false fetch for foreign freeze from full grant group having ilike in initially inner intersect into
  is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on
  only or order outer overlaps placing primary references returning right select session_user similar some
  symmetric system_user table tablesample then to trailing true union unique user using variadic verbose
  when where window with`.split(/\s+/),
);

const { pattern, maxLength } = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")).$defs.sqlIdentifier as { pattern: string; maxLength: number };
const IDENTIFIER = new RegExp(pattern);

/** Why `name` cannot be a table or column name, or undefined when it can. */
export function sqlNameProblem(name: string): string | undefined {
  if (!IDENTIFIER.test(name)) return `"${name}" is not a valid database name (lower-case letters, digits and _, starting with a letter)`;
  if (name.length > maxLength) return `"${name}" is ${name.length} characters long; database names have at most ${maxLength}`;
  if (RESERVED.has(name)) return `"${name}" is a reserved word in PostgreSQL; choose another name`;
  return undefined;
}
