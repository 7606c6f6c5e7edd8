/**
 * Decides which new migrations the surveys need, given what the existing
 * ones created. Never an edit of a written migration: a new table gets the
 * full converging SQL (survey-table-sql.ts), a table whose columns, checks or
 * campaign changed gets only the change (table-delta.ts), the API guard and
 * the visit_events table (visit-events.ts) and the report's functions
 * (report-sql.ts) get one when their SQL changed, and a table's tallies
 * (tallies-sql.ts) one when what they are made for changed, the team's
 * tables and results functions (team-sql.ts) one when their SQL changed, the
 * themes of free texts (themes-sql.ts) one when theirs changed,
 * a survey's row for the results site (team-survey-sql.ts) one when it changed,
 * and a table's definition version (definition-versions-sql.ts) one when it changed.
 * Nothing is ever dropped; a
 * column whose type would change is refused (columnTypeErrors), since
 * existing rows cannot change type by themselves.
 */
import { basename } from "node:path";
import type { ParsedSurvey } from "../lib/cross-survey-checks.ts";
import type { SurveyError } from "../../src/core/checks/located.ts";
import { answerFields } from "../../src/core/fields.ts";
import { columnSpecs, SQL_TYPES } from "./column-specs.ts";
import { consentVersions } from "./consent-versions.ts";
import { changeNotes } from "./change-notes.ts";
import { outboxFingerprint } from "./outbox-sql.ts";
import { outboxChannelsFingerprint } from "./outbox-channels-sql.ts";
import { armMigration, definitionVersionMigration, versionGuardMigration, deltaMigration, guardFingerprint, guardMigration, onceGuardMigration, onceMigration, qualityMigration, quotaMigration, outboxChannelsMigration, outboxMigration, purgeMigration, receiptMigration, reportFingerprint, reportMigration, tableMigration, talliesMigration, teamFingerprint, teamMigration, teamSurveyMigration, themesFingerprint, themesMigration, visitEventsMigration } from "./migration-sql.ts";
import { purgeDue } from "./purge-sql.ts";
import { receiptTableFingerprint } from "./receipt-sql.ts";
import { teamSurveyFingerprint } from "./team-survey-sql.ts";
import { talliesFingerprint } from "./tallies-sql.ts";
import { needsOnceGuard, onceGuardFingerprint, onceTableFingerprint } from "./once-sql.ts";
import { qualityTableFingerprint } from "./quality-sql.ts";
import { quotaTableFingerprint } from "./quota-sql.ts";
import { armTableFingerprint } from "./arms-sql.ts";
import { definitionVersion } from "../lib/definition-version.ts";
import { versionGuardFingerprint, versionTriggerFingerprint } from "./definition-versions-sql.ts";
import { deltaSql, isEmpty, previousTable, REWRITABLE_PARTS, tableChanges } from "./table-delta.ts";
import { visitEventSurveyIds, visitEventsSql, visitEventsVersion } from "./visit-events.ts";
import { nextTimestamp, type DbState } from "./migration-state.ts";

export interface NewMigration {
  /** File name, e.g. 20261123000001_create_forms_estrangeiros.sql */
  name: string;
  content: string;
}

/** Where a hand-written conversion of `table.column` goes, and the record line that tells codegen about it. */
export const conversionHint = (table: string, column: string, type: string) =>
  `supabase/migrations/<timestamp>_convert_${table}_${column}.sql ending with the line -- codegen: ${JSON.stringify({ table, column, type })}`;

/** Questions whose column would change type: existing rows could not be stored under the new type. */
export function columnTypeErrors(surveys: ParsedSurvey[], state: DbState): SurveyError[] {
  const errors: SurveyError[] = [];
  for (const { file, config } of surveys) {
    const existing = state.tables.get(config.table)?.specs;
    for (const field of answerFields(config)) {
      const was = existing?.get(field.column)?.type;
      const now = SQL_TYPES[field.kind];
      if (!was || was === now) continue;
      errors.push({
        file,
        pointer: `${field.pointer}/type`,
        message: `"${field.id}" is now a ${field.question.type} question, stored as ${now}, but its column ${config.table}.${field.column} already holds ${was} answers from the migrations; existing rows cannot change type by themselves. Give the question a new id (a new column), or convert the column in a hand-written migration ${conversionHint(config.table, field.column, now)}`,
      });
    }
  }
  return errors;
}

/**
 * The surveys whose visits the visit_events table records now, if the
 * migrations left it as the current generator would for them. Older
 * migrations did not record them: then the surveys of the tables they created are tried.
 */
function previousVisitEventSurveys(surveys: ParsedSurvey[], state: DbState): string[] | undefined {
  const known = visitEventSurveyIds(surveys.filter(({ config }) => state.tables.has(config.table)).map(({ config }) => config));
  const candidates = state.visitEventSurveys ? [state.visitEventSurveys] : [known];
  return candidates.find((ids) => visitEventsVersion(visitEventsSql(ids)) === state.visitEvents);
}

export function planMigrations(surveys: ParsedSurvey[], state: DbState): { migrations: NewMigration[]; warnings: string[] } {
  const migrations: NewMigration[] = [];
  const warnings: string[] = [];
  let timestamp = state.lastTimestamp;
  const add = (description: string, content: string) => {
    timestamp = nextTimestamp(timestamp);
    migrations.push({ name: `${timestamp}_${description}.sql`, content });
  };
  if (state.guard !== guardFingerprint()) add("api_guard", guardMigration(state.guard === undefined));
  for (const survey of surveys) {
    const { file, config } = survey;
    const source = `surveys/${basename(file)}`;
    const { table } = config;
    const existing = state.tables.get(table);
    const desired = columnSpecs(config, existing?.specs, consentVersions(survey));
    if (!existing) {
      add(`create_${table}`, tableMigration([`-- ${table}: new table, or the existing one adopted (columns ${desired.map((spec) => spec.column).join(", ")})`], source, table, desired, config));
      continue;
    }
    const wanted = new Set(desired.map((spec) => spec.column));
    for (const column of existing.columns.filter((column) => !wanted.has(column))) {
      warnings.push(`${table}.${column} stays in the database although ${source} no longer has it (columns are never dropped automatically)`);
    }
    const current = existing.columns.map((column) => existing.specs.get(column)!);
    const previous = previousTable(table, existing, current, config);
    const changes = tableChanges(existing, desired, previous?.campaign ?? config, config);
    const stale = previous?.staleParts ?? [];
    if (!previous || stale.some((part) => !(part in REWRITABLE_PARTS))) {
      const why = `-- ${table}: converged in full again (what scripts/sql generates for it changed, or an older migration did not record its campaign)`;
      add(`update_${table}`, tableMigration([why, ...changeNotes(table, config, { ...changes, campaign: undefined })], source, table, desired, config));
    } else if (!isEmpty(changes) || stale.length) {
      const notes = [...changeNotes(table, config, changes), ...stale.map((part) => `-- ${table}: ${REWRITABLE_PARTS[part]} written again (scripts/sql changed them)`)];
      add(`update_${table}`, deltaMigration(notes, source, table, desired, config, changes, deltaSql(table, changes, config, stale, desired)));
    }
  }
  // One response per person and the bot check: nothing at all for surveys that ask for neither.
  if (needsOnceGuard(surveys.map(({ config }) => config)) && state.onceGuard !== onceGuardFingerprint()) add("once_guard", onceGuardMigration(state.onceGuard === undefined));
  for (const { file, config } of surveys) {
    if ((state.once.get(config.table) ?? null) !== onceTableFingerprint(config)) add(`once_${config.table}`, onceMigration(config, `surveys/${basename(file)}`));
  }
  // Quality flags: nothing at all for surveys without rules (after the tables, whose columns the trigger reads).
  for (const { file, config } of surveys) {
    if ((state.quality.get(config.table) ?? null) !== qualityTableFingerprint(config)) add(`quality_${config.table}`, qualityMigration(config, `surveys/${basename(file)}`));
  }
  // Quotas: nothing at all for surveys without them (after the tables, whose columns their conditions read).
  for (const { file, config } of surveys) {
    if ((state.quotas.get(config.table) ?? null) !== quotaTableFingerprint(config)) add(`quotas_${config.table}`, quotaMigration(config, `surveys/${basename(file)}`));
  }
  // Arms: nothing at all for surveys without them (after the tables, whose arm column the rows are checked by).
  for (const { file, config } of surveys) {
    if ((state.arms.get(config.table) ?? null) !== armTableFingerprint(config)) add(`arms_${config.table}`, armMigration(config, `surveys/${basename(file)}`));
  }
  const surveyIds = visitEventSurveyIds(surveys.map(({ config }) => config));
  if (state.visitEvents !== visitEventsVersion(visitEventsSql(surveyIds))) add("visit_events", visitEventsMigration(surveyIds, previousVisitEventSurveys(surveys, state)));
  if (state.report !== reportFingerprint()) add("report", reportMigration(state.units.report));
  // After the report's schema, which holds the published versions: the guard, then each table's version when it changed (its trigger when that did).
  if (state.versionGuard !== versionGuardFingerprint()) add("version_guard", versionGuardMigration(state.versionGuard === undefined));
  for (const { file, config } of surveys) {
    const published = state.definitionVersions.get(config.table);
    const withTrigger = published?.trigger !== versionTriggerFingerprint(config.table);
    if (withTrigger || published?.version !== definitionVersion(config)) add(`version_${config.table}`, definitionVersionMigration(config, `surveys/${basename(file)}`, withTrigger));
  }
  // After the report's functions, which they call: each table's tallies, when what they are made for changed.
  for (const { file, config } of surveys) {
    const was = state.tallies.get(config.table);
    if (was !== talliesFingerprint(config)) add(`tallies_${config.table}`, talliesMigration(config, `surveys/${basename(file)}`, was === undefined));
  }
  // After the tallies, whose delete triggers the receipt's delete goes through: each table's receipt functions (none for a survey that never had receipts).
  for (const { file, config } of surveys) {
    if ((state.receipts.get(config.table) ?? null) !== receiptTableFingerprint(config)) add(`receipt_${config.table}`, receiptMigration(config, `surveys/${basename(file)}`));
  }
  // After the report's functions, which the results functions call: the team's SQL, then each survey's row for it.
  if (state.team !== teamFingerprint()) add("team", teamMigration(state.units.team));
  // After the team's tables, before each survey's row, which fills the column the themes add.
  if (state.themes !== themesFingerprint()) add("themes", themesMigration(state.units.themes));
  for (const { file, config } of surveys) {
    if (state.teamSurveys.get(config.id) !== teamSurveyFingerprint(config)) add(`team_${config.table}`, teamSurveyMigration(config, `surveys/${basename(file)}`));
  }
  // The outbox exists once a survey has notifications (after the report's functions, which digests call); then each survey's channels.
  if (surveys.some(({ config }) => config.notifications) && state.outbox !== outboxFingerprint()) add("outbox", outboxMigration(state.outbox === undefined));
  for (const { file, config } of surveys) {
    const was = state.outboxChannels.get(config.table);
    if ((config.notifications || was !== undefined) && was !== outboxChannelsFingerprint(config)) add(`outbox_${config.table}`, outboxChannelsMigration(config, `surveys/${basename(file)}`));
  }
  // After the tallies, whose delete triggers the purge's deletes go through.
  const configs = surveys.map(({ config }) => config);
  if (purgeDue(configs, state.purge)) add("purge", purgeMigration(configs));
  const used = new Set(surveys.map(({ config }) => config.table));
  for (const table of state.tables.keys()) {
    if (!used.has(table)) warnings.push(`table ${table} stays in the database although no survey uses it any more (tables are never dropped automatically)`);
  }
  return { migrations, warnings };
}
