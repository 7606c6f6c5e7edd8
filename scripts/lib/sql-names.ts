/**
 * Table and column names go into generated SQL unquoted, so they must be
 * plain identifiers (the schema's sqlIdentifier rule) and not one of
 * PostgreSQL's reserved key words, which would need quoting everywhere.
 */
import { readFileSync } from "node:fs";
import { POSTGRES_RESERVED_WORDS } from "../../src/core/reserved-names.ts";
import { SCHEMA_PATH } from "./schema-check.ts";

const { pattern, maxLength } = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")).$defs.sqlIdentifier as { pattern: string; maxLength: number };
const IDENTIFIER = new RegExp(pattern);

/**
 * Names PostgreSQL itself makes from a table's name: the primary key's
 * `<table>_pkey`. It cuts every name at 63 bytes (names here are ASCII, so
 * characters) without an error, so a table name must leave room for the
 * suffix. Names the SQL generator makes (checks, policy, triggers) are
 * shortened with a hash instead (objectName in scripts/sql/sql-text.ts).
 */
export const TABLE_NAME_SUFFIXES = ["_pkey"] as const;
const POSTGRES_NAME_LIMIT = 63;

/** Why `name` cannot be a table name, or undefined when it can. */
export function tableNameProblem(name: string): string | undefined {
  const problem = sqlNameProblem(name);
  if (problem) return problem;
  const longest = [...TABLE_NAME_SUFFIXES].sort((a, b) => b.length - a.length)[0]!;
  const room = POSTGRES_NAME_LIMIT - longest.length;
  if (name.length <= room) return undefined;
  return `"${name}" is ${name.length} characters long; PostgreSQL would cut the names made from it ("${name}${longest}" is ${name.length + longest.length} characters, at most ${POSTGRES_NAME_LIMIT} are kept), so use at most ${room} characters`;
}

/** Why `name` cannot be a table or column name, or undefined when it can. */
export function sqlNameProblem(name: string): string | undefined {
  if (!IDENTIFIER.test(name)) return `"${name}" is not a valid database name (lower-case letters, digits and _, starting with a letter)`;
  if (name.length > maxLength) return `"${name}" is ${name.length} characters long; database names have at most ${maxLength}`;
  if (POSTGRES_RESERVED_WORDS.has(name)) return `"${name}" is a reserved word in PostgreSQL; choose another name`;
  return undefined;
}
