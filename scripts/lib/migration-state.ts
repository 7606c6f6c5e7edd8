/**
 * What the existing migrations have created, read back from the
 * `-- codegen: {…}` record lines each generated migration carries (one per
 * function, table and column, and the visit_events version, stating the column's spec after that
 * migration). Folding them in file order gives the current schema without a
 * separate snapshot that could drift from supabase/migrations/, which must
 * hold nothing but .sql files for `supabase db push`. Hand-written migrations
 * carry no records and only count for the timestamp order.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ColumnSpec } from "./db-columns.ts";

export type MigrationRecord = { function: string } | { visitEvents: string } | { table: string } | ({ table: string } & ColumnSpec);

export interface DbState {
  functions: Set<string>;
  /** Version of the visit_events SQL last applied (see scripts/sql/visit-events.ts). */
  visitEvents: string | undefined;
  /** table → column → spec, columns in creation order. */
  tables: Map<string, Map<string, ColumnSpec>>;
  /** Timestamp of the latest migration, any author; undefined when there is none. */
  lastTimestamp: string | undefined;
}

export const RECORD_PREFIX = "-- codegen: ";
const MIGRATION_NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;

function migrationFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => MIGRATION_NAME.test(name)).sort() : [];
}

export const emptyDbState = (): DbState => ({ functions: new Set(), visitEvents: undefined, tables: new Map(), lastTimestamp: undefined });

export function readDbState(dir: string): DbState {
  const state = emptyDbState();
  for (const name of migrationFiles(dir)) applyMigration(state, name, readFileSync(join(dir, name), "utf8"));
  return state;
}

/** Folds one migration file (in order) into the state. */
export function applyMigration(state: DbState, name: string, content: string): void {
  state.lastTimestamp = MIGRATION_NAME.exec(name)![1];
  for (const line of content.split("\n")) {
    if (line.startsWith(RECORD_PREFIX)) applyRecord(state, JSON.parse(line.slice(RECORD_PREFIX.length)));
  }
}

function applyRecord(state: DbState, record: MigrationRecord): void {
  if ("function" in record) state.functions.add(record.function);
  else if ("visitEvents" in record) state.visitEvents = record.visitEvents;
  else if (!("column" in record)) state.tables.set(record.table, state.tables.get(record.table) ?? new Map());
  else {
    const { table, ...spec } = record;
    state.tables.get(table)?.set(spec.column, spec);
  }
}

/** The first generated migration's timestamp, fixed so that regenerating reproduces identical names. */
const FIRST_TIMESTAMP = "20261121000000";

/** One second after `previous` (UTC, 14 digits), or the fixed first timestamp. */
export function nextTimestamp(previous: string | undefined): string {
  if (!previous) return FIRST_TIMESTAMP;
  const [y, mo, d, h, mi, s] = previous.match(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/)!.slice(1).map(Number) as number[];
  const next = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s! + 1));
  return next.toISOString().replace(/\D/g, "").slice(0, 14);
}
