/**
 * What the existing migrations have created, read back from the
 * `-- codegen: {…}` record lines each generated migration carries. Folding
 * them in file order gives the current schema without a separate snapshot
 * that could drift from supabase/migrations/, which must hold nothing but
 * .sql files for `supabase db push`.
 *
 * Records: `{"guard": <fingerprint>}` for the shared API guard;
 * `{"report": <fingerprint>}` for the report's functions (report-sql.ts);
 * `{"purge": <fingerprint>}` for the purge of expired rows and the retention rules (purge-sql.ts);
 * `{"tallies": t, "sql": <fingerprint>}` for a table's tallies and their triggers (tallies-sql.ts);
 * `{"outbox": <fingerprint>}` for the outbox's tables and functions (outbox-sql.ts);
 * `{"outboxChannels": t, "sql": <fingerprint>}` for a table's notification channels and trigger (outbox-channels-sql.ts);
 * `{"onceGuard": <fingerprint>}` for the shared part of one response per person and the bot check,
 * `{"once": t, "sql": <fingerprint> | null}` for a table's part of them (once-sql.ts; null: none any more);
 * `{"quality": t, "sql": <fingerprint> | null}` for a table's quality flags (quality-sql.ts; null: none any more);
 * `{"receipt": t, "sql": <fingerprint> | null}` for a table's receipt functions (receipt-sql.ts; null: none any more);
 * `{"quotas": t, "sql": <fingerprint> | null}` for a table's quotas (quota-sql.ts; null: none any more);
 * `{"arms": t, "sql": <fingerprint> | null}` for a table's arm assignment (arms-sql.ts; null: none any more);
 * `{"versionGuard": <fingerprint>}` for the published versions' table and the guard's function,
 * `{"definitionVersion": t, "version": <hash>, "trigger": <fingerprint>}` for a table's definition version published last and its guard's trigger (definition-versions-sql.ts);
 * `{"team": <fingerprint>}` for the team's tables and the results functions (team-sql.ts, results-functions-sql.ts);
 * `{"teamSurvey": id, "sql": <fingerprint>}` for a survey's row in team.surveys (team-survey-sql.ts);
 * `{"themes": <fingerprint>}` for the themes of free texts and the coding of "other" answers (themes-sql.ts, results-themes-sql.ts);
 * `{"visitEvents": <fingerprint>, "surveys": [...]}` for the visit_events table and
 * the surveys it records (`surveys` is missing from migrations written before it was recorded);
 * `{"table": t, "columns": [...], "sql": <fingerprint>, "campaign": {…}, "parts": {…}}`
 * for a table now as the full converging SQL of that fingerprint would leave
 * it (`campaign` and the fingerprints of its `parts` are missing from
 * migrations written before they were recorded), then one
 * `{"table": t, ...ColumnSpec}` per column it created or changed. A hand-written migration
 * that converts a column may say so with `{"table": t, "column": c, "type": …}`.
 */
import { statementUnits, unitFingerprints } from "./statement-units.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Campaign } from "../../src/core/campaign.ts";
import type { ColumnSpec, SqlType } from "./column-specs.ts";
import type { TablePart } from "./survey-table-sql.ts";

export type MigrationRecord =
  | { guard: string }
  | { report: string }
  | { purge: string }
  | { tallies: string; sql: string }
  | { outbox: string }
  | { outboxChannels: string; sql: string }
  | { onceGuard: string }
  | { once: string; sql: string | null }
  | { quality: string; sql: string | null }
  | { receipt: string; sql: string | null }
  | { quotas: string; sql: string | null }
  | { arms: string; sql: string | null }
  | { versionGuard: string }
  | { definitionVersion: string; version: string; trigger: string }
  | { team: string }
  | { teamSurvey: string; sql: string }
  | { themes: string }
  | { visitEvents: string; surveys?: string[] }
  | { table: string; columns: string[]; sql: string; campaign?: Campaign; parts?: Record<TablePart, string> }
  | ({ table: string } & ColumnSpec)
  | { table: string; column: string; type: SqlType };

export interface TableState {
  /** Columns the table's survey had at its last migration, in order. */
  columns: string[];
  /** Fingerprint of the full converging SQL (survey-table-sql.ts) the table is now as if it had run. */
  sql: string;
  /** The campaign that SQL set, and the fingerprints of its parts; undefined when an older migration did not record them. */
  campaign: Campaign | undefined;
  parts: Record<TablePart, string> | undefined;
  /** Every column any migration created (never dropped), with its latest spec. */
  specs: Map<string, ColumnSpec>;
}

export interface DbState {
  /** Fingerprint of the API guard last applied. */
  guard: string | undefined;
  /** Fingerprint of the report's functions last applied. */
  report: string | undefined;
  /** Fingerprint of the purge and retention SQL last applied (purge-sql.ts); undefined while no survey has used retention. */
  purge: string | undefined;
  /** Fingerprint of each table's tallies SQL last applied (tallies-sql.ts). */
  tallies: Map<string, string>;
  /** Fingerprint of the outbox's SQL last applied (outbox-sql.ts); undefined while no survey had notifications. */
  outbox: string | undefined;
  /** Fingerprint of each table's channels SQL last applied (outbox-channels-sql.ts). */
  outboxChannels: Map<string, string>;
  /** Fingerprint of the shared once/bot-check SQL last applied (once-sql.ts), and each table's (null: its features removed). */
  onceGuard: string | undefined;
  once: Map<string, string | null>;
  /** Fingerprint of each table's quality-flags SQL last applied (quality-sql.ts; null: its rules removed). */
  quality: Map<string, string | null>;
  /** Fingerprint of each table's receipt SQL last applied (receipt-sql.ts; null: receipts removed). */
  receipts: Map<string, string | null>;
  /** Fingerprint of each table's quota SQL last applied (quota-sql.ts; null: its quotas removed). */
  quotas: Map<string, string | null>;
  /** Fingerprint of each table's arm SQL last applied (arms-sql.ts; null: its arms removed). */
  arms: Map<string, string | null>;
  /** Fingerprint of the published versions' table and the guard's function (definition-versions-sql.ts). */
  versionGuard: string | undefined;
  /** The definition version each table published last, and the fingerprint of its guard's trigger. */
  definitionVersions: Map<string, { version: string; trigger: string }>;
  /** Fingerprint of the team's SQL last applied (team-sql.ts). */
  team: string | undefined;
  /** Fingerprint of each survey's row in team.surveys last applied, by survey id. */
  teamSurveys: Map<string, string>;
  /** Fingerprint of the themes' SQL last applied (themes-sql.ts, results-themes-sql.ts). */
  themes: string | undefined;
  /** Fingerprint of the visit_events SQL last applied (visit-events.ts). */
  visitEvents: string | undefined;
  /** The surveys whose visits that SQL records; undefined when an older migration did not record them. */
  visitEventSurveys: string[] | undefined;
  tables: Map<string, TableState>;
  /** The units of each whole set of statements its migrations applied, by key: their fingerprints (statement-units.ts). */
  units: Record<StatementSet, Map<string, string>>;
  /** Timestamp of the latest migration, any author; undefined when there is none. */
  lastTimestamp: string | undefined;
}

export const RECORD_PREFIX = "-- codegen: ";
export const MIGRATION_NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;

export function migrationFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => MIGRATION_NAME.test(name)).sort() : [];
}

export const emptyDbState = (): DbState => ({ guard: undefined, report: undefined, purge: undefined, tallies: new Map(), outbox: undefined, outboxChannels: new Map(), team: undefined, teamSurveys: new Map(), themes: undefined, onceGuard: undefined, once: new Map(), quality: new Map(), receipts: new Map(), quotas: new Map(), arms: new Map(), versionGuard: undefined, definitionVersions: new Map(), visitEvents: undefined, visitEventSurveys: undefined, tables: new Map(), units: { report: new Map(), team: new Map(), themes: new Map() }, lastTimestamp: undefined });

export function readDbState(dir: string): DbState {
  const state = emptyDbState();
  for (const name of migrationFiles(dir)) applyMigration(state, name, readFileSync(join(dir, name), "utf8"));
  return state;
}

/** The sets of statements whose migrations write only what changed (migration-sql.ts). */
const STATEMENT_SETS = ["report", "team", "themes"] as const;
type StatementSet = (typeof STATEMENT_SETS)[number];

/** Folds one migration file (in order) into the state. */
export function applyMigration(state: DbState, name: string, content: string): void {
  state.lastTimestamp = MIGRATION_NAME.exec(name)![1];
  for (const line of content.split("\n")) {
    if (!line.startsWith(RECORD_PREFIX)) continue;
    const record = JSON.parse(line.slice(RECORD_PREFIX.length)) as MigrationRecord;
    applyRecord(state, record);
    // A set's statements follow the header (the first blank line): their units are what the database now has of that set.
    const set = STATEMENT_SETS.find((name) => name in record);
    if (set) for (const [key, print] of Object.entries(unitFingerprints(statementUnits([content.slice(content.indexOf("\n\n") + 2)])))) state.units[set].set(key, print);
  }
}

function tableState(state: DbState, table: string): TableState {
  let entry = state.tables.get(table);
  if (!entry) state.tables.set(table, (entry = { columns: [], sql: "", campaign: undefined, parts: undefined, specs: new Map() }));
  return entry;
}

function applyRecord(state: DbState, record: MigrationRecord): void {
  if ("guard" in record) state.guard = record.guard;
  else if ("report" in record) state.report = record.report;
  else if ("purge" in record) state.purge = record.purge;
  else if ("tallies" in record) state.tallies.set(record.tallies, record.sql);
  else if ("outbox" in record) state.outbox = record.outbox;
  else if ("outboxChannels" in record) state.outboxChannels.set(record.outboxChannels, record.sql);
  else if ("onceGuard" in record) state.onceGuard = record.onceGuard;
  else if ("once" in record) state.once.set(record.once, record.sql);
  else if ("quality" in record) state.quality.set(record.quality, record.sql);
  else if ("receipt" in record) state.receipts.set(record.receipt, record.sql);
  else if ("quotas" in record) state.quotas.set(record.quotas, record.sql);
  else if ("arms" in record) state.arms.set(record.arms, record.sql);
  else if ("versionGuard" in record) state.versionGuard = record.versionGuard;
  else if ("definitionVersion" in record) state.definitionVersions.set(record.definitionVersion, { version: record.version, trigger: record.trigger });
  else if ("team" in record) state.team = record.team;
  else if ("teamSurvey" in record) state.teamSurveys.set(record.teamSurvey, record.sql);
  else if ("themes" in record) state.themes = record.themes;
  else if ("visitEvents" in record) Object.assign(state, { visitEvents: record.visitEvents, visitEventSurveys: record.surveys });
  else if ("columns" in record) Object.assign(tableState(state, record.table), { columns: record.columns, sql: record.sql, campaign: record.campaign, parts: record.parts });
  else if ("check" in record) {
    const { table, ...spec } = record;
    tableState(state, table).specs.set(spec.column, spec);
  } else {
    // A hand-written conversion: only the type changes; the next generated migration restates the rest.
    const entry = tableState(state, record.table);
    const spec = entry.specs.get(record.column);
    entry.specs.set(record.column, { column: record.column, required: false, check: "", ...spec, type: record.type });
  }
}

/** The first generated migration's timestamp, fixed so that regenerating reproduces identical names. */
const FIRST_TIMESTAMP = "20261123000000";

/** One second after `previous` (UTC, 14 digits), or the fixed first timestamp. */
export function nextTimestamp(previous: string | undefined): string {
  if (!previous) return FIRST_TIMESTAMP;
  const [y, mo, d, h, mi, s] = previous.match(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/)!.slice(1).map(Number) as number[];
  const next = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s! + 1));
  return next.toISOString().replace(/\D/g, "").slice(0, 14);
}
