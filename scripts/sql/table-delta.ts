/**
 * A later migration of a survey table holds only what changed since the
 * previous one: new columns (type guard, add), a CHECK replaced only where
 * its rule changed, the check of a column the survey no longer asks dropped,
 * and the campaign row only when the window or limit changed. Each piece is
 * the very statement the full converging SQL (survey-table-sql.ts) uses, so
 * it is idempotent and safe on a table changed by hand, and the table ends
 * up as that full SQL would leave it.
 *
 * That holds only if the previous migrations left the table as the current
 * generator would for the recorded specs and campaign; previousTable
 * measures it by fingerprint, part by part. A part the generator itself now
 * writes differently is written again whole: the policies, grants and
 * triggers, or the campaign; any other (or an older migration that cannot be
 * measured) makes the planner write the full converging SQL instead.
 */
import type { Campaign } from "../../src/core/campaign.ts";
import { campaignOf, campaignRowSql, campaignTableSql } from "./campaign-sql.ts";
import type { TableChanges } from "./change-notes.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { partFingerprints, tableFingerprint } from "./migration-sql.ts";
import type { TableState } from "./migration-state.ts";
import { dropPartialFunctionsSql, isPartialTable } from "./partial-responses-sql.ts";
import { accessSql, addColumnSql, constraintName, replaceChecksSql, TABLE_PARTS, typeGuard, type TablePart } from "./survey-table-sql.ts";

const sameCampaign = (a: Campaign, b: Campaign) => JSON.stringify(campaignOf(a)) === JSON.stringify(campaignOf(b));

/** What the previous migrations of a table left: the campaign they set, and the parts of the full SQL the generator now writes differently. */
export interface PreviousTable {
  campaign: Campaign;
  staleParts: TablePart[];
}

/**
 * Measured against the current generator, with the recorded specs. Older
 * migrations recorded neither campaign nor parts: then the table must be
 * exactly as the current full SQL would leave it, with the survey's current
 * campaign or none at all; undefined when it is not.
 */
export function previousTable(table: string, existing: TableState, current: ColumnSpec[], now: Campaign): PreviousTable | undefined {
  if (existing.campaign && existing.parts) {
    const wanted = partFingerprints(table, current, existing.campaign);
    return { campaign: existing.campaign, staleParts: TABLE_PARTS.filter((part) => existing.parts![part] !== wanted[part]) };
  }
  const campaign = [campaignOf(now), {}].find((candidate) => tableFingerprint(table, current, candidate) === existing.sql);
  return campaign && { campaign, staleParts: [] };
}

/** Parts a delta can write again alone, with what each holds (for the migration's note); any other stale part needs the full SQL. */
export const REWRITABLE_PARTS: Partial<Record<TablePart, string>> = { access: "its policies, grants, triggers and the report's index", campaign: "its campaign and the campaign's triggers" };

export function tableChanges(existing: TableState, desired: ColumnSpec[], before: Campaign, after: Campaign): TableChanges {
  const had = new Set(existing.columns);
  const wanted = new Set(desired.map((spec) => spec.column));
  const changed = desired.flatMap((after) => {
    const before = existing.specs.get(after.column)!;
    return had.has(after.column) && JSON.stringify(before) !== JSON.stringify(after) ? [{ before, after }] : [];
  });
  return {
    added: desired.filter((spec) => !had.has(spec.column)),
    changed,
    removed: existing.columns.filter((column) => !wanted.has(column)),
    ...(!sameCampaign(before, after) && { campaign: { before: campaignOf(before), after: campaignOf(after) } }),
  };
}

export const isEmpty = (changes: TableChanges) => !changes.added.length && !changes.changed.length && !changes.removed.length && !changes.campaign;

/** `staleParts`: parts of the full SQL the generator now writes differently, written again whole (REWRITABLE_PARTS only). */
export function deltaSql(table: string, changes: TableChanges, campaign: Campaign, staleParts: TablePart[], desired: ColumnSpec[]): string[] {
  const statements: string[] = [];
  if (changes.added.length) {
    // As the full SQL does: a column added by hand as NOT NULL must not refuse the responses that leave it empty (its check decides).
    const adds = changes.added.map((spec) => `${addColumnSql(table, spec)}\nalter table public.${table} alter column ${spec.column} drop not null;`);
    statements.push(`${typeGuard(table, changes.added)}\n${adds.join("\n")}`);
  }
  const checks = [...changes.added, ...changes.changed.filter(({ before, after }) => before.check !== after.check).map(({ after }) => after)];
  if (checks.length) statements.push(replaceChecksSql(table, checks));
  if (changes.removed.length) {
    statements.push(changes.removed.map((column) => `alter table public.${table} drop constraint if exists ${constraintName(table, column)};`).join("\n"));
  }
  // Partial responses turned on or off, or their functions' columns changed: the access and campaign parts are written again.
  const partial = isPartialTable(desired);
  const partialSwitched = isPartialTable(changes.added) || isPartialTable(changes.removed.map((column) => ({ column })));
  if (partialSwitched && !partial) statements.push(dropPartialFunctionsSql(table));
  if (staleParts.includes("access") || partialSwitched || (partial && (changes.added.length || changes.removed.length))) statements.push(accessSql(table, desired));
  if (staleParts.includes("campaign") || partialSwitched) statements.push(campaignTableSql(table, campaign, partial));
  else if (changes.campaign) statements.push(campaignRowSql(table, campaign, partial));
  return statements;
}
