/**
 * Decides which new migrations the surveys need, given what the existing
 * ones created. Only additive, never an edit of a written migration: a new
 * survey creates its table, a new field adds a column, a changed limit
 * replaces a CHECK, an answer that became optional (or was removed) drops
 * NOT NULL, a changed visit_events SQL repeats it (it is idempotent). Nothing is ever dropped; removed columns and tables, and type
 * changes, are reported as warnings for a human to handle.
 */
import { basename } from "node:path";
import type { ParsedSurvey } from "./cross-survey-checks.ts";
import { columnSpecs, ENTRY_LENGTH_FUNCTION, type ColumnSpec } from "./db-columns.ts";
import { alterTableMigration, createTableMigration, functionMigration, visitEventsMigration, type TableChanges } from "./migration-sql.ts";
import { nextTimestamp, type DbState } from "./migration-state.ts";
import { visitEventsSql, visitEventsVersion } from "../sql/visit-events.ts";
import { recordsVisits } from "../../src/core/visit-steps.ts";

export interface NewMigration {
  /** File name, e.g. 20261121000001_create_forms_estrangeiros.sql */
  name: string;
  content: string;
}

function tableChanges(table: string, source: string, desired: ColumnSpec[], existing: Map<string, ColumnSpec>, warn: (line: string) => void): TableChanges {
  const changes: TableChanges = { added: [], rechecked: [], relaxed: [] };
  for (const spec of desired) {
    const current = existing.get(spec.column);
    if (!current) changes.added.push(spec);
    else if (current.type !== spec.type) warn(`${table}.${spec.column} is ${current.type} in the database but ${source} now needs ${spec.type}; write a migration by hand`);
    else {
      if (current.check !== spec.check) changes.rechecked.push({ ...spec, notNull: current.notNull });
      if (current.notNull && !spec.notNull) changes.relaxed.push(spec);
    }
  }
  const wanted = new Set(desired.map((spec) => spec.column));
  for (const current of existing.values()) {
    if (wanted.has(current.column)) continue;
    warn(`${table}.${current.column} stays in the database although ${source} no longer has it (columns are never dropped automatically)`);
    if (current.notNull) changes.relaxed.push(current);
  }
  return changes;
}

export function planMigrations(surveys: ParsedSurvey[], state: DbState): { migrations: NewMigration[]; warnings: string[] } {
  const migrations: NewMigration[] = [];
  const warnings: string[] = [];
  let timestamp = state.lastTimestamp;
  const add = (description: string, content: string) => {
    timestamp = nextTimestamp(timestamp);
    migrations.push({ name: `${timestamp}_${description}.sql`, content });
  };
  if (!state.functions.has(ENTRY_LENGTH_FUNCTION)) add(`create_${ENTRY_LENGTH_FUNCTION}`, functionMigration());
  for (const { file, config } of surveys) {
    const source = `surveys/${basename(file)}`;
    const desired = columnSpecs(config);
    const existing = state.tables.get(config.table);
    if (!existing) {
      add(`create_${config.table}`, createTableMigration(source, config.table, desired));
      continue;
    }
    const changes = tableChanges(config.table, source, desired, existing, (line) => warnings.push(line));
    if (changes.added.length + changes.rechecked.length + changes.relaxed.length > 0) {
      add(`alter_${config.table}`, alterTableMigration(source, config.table, changes));
    }
  }
  const eventsSql = visitEventsSql(surveys.filter(({ config }) => recordsVisits(config)).map(({ config }) => config.id));
  const eventsVersion = visitEventsVersion(eventsSql);
  if (state.visitEvents !== eventsVersion) add("visit_events", visitEventsMigration(eventsSql, eventsVersion));
  const used = new Set(surveys.map(({ config }) => config.table));
  for (const table of state.tables.keys()) {
    if (!used.has(table)) warnings.push(`table ${table} stays in the database although no survey uses it any more (tables are never dropped automatically)`);
  }
  return { migrations, warnings };
}
