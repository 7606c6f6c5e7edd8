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
 * generator would for the recorded specs and campaign; previousCampaign
 * proves it by fingerprint, and when it cannot (the generator itself
 * changed) the planner writes the full converging SQL instead.
 */
import type { Campaign } from "../../src/core/campaign.ts";
import { campaignOf, campaignRowSql } from "./campaign-sql.ts";
import type { TableChanges } from "./change-notes.ts";
import type { ColumnSpec } from "./column-specs.ts";
import { tableFingerprint } from "./migration-sql.ts";
import type { TableState } from "./migration-state.ts";
import { addColumnSql, constraintName, replaceChecksSql, typeGuard } from "./survey-table-sql.ts";

const sameCampaign = (a: Campaign, b: Campaign) => JSON.stringify(campaignOf(a)) === JSON.stringify(campaignOf(b));

/**
 * The campaign the table's previous migrations set, if they left it exactly
 * as the current generator's full SQL would. Older migrations did not record
 * it: then the survey's current campaign and none at all are tried.
 */
export function previousCampaign(table: string, existing: TableState, current: ColumnSpec[], now: Campaign): Campaign | undefined {
  const candidates = existing.campaign ? [existing.campaign] : [campaignOf(now), {}];
  return candidates.find((campaign) => tableFingerprint(table, current, campaign) === existing.sql);
}

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

export function deltaSql(table: string, changes: TableChanges): string[] {
  const statements: string[] = [];
  if (changes.added.length) statements.push(`${typeGuard(table, changes.added)}\n${changes.added.map((spec) => addColumnSql(table, spec)).join("\n")}`);
  const checks = [...changes.added, ...changes.changed.filter(({ before, after }) => before.check !== after.check).map(({ after }) => after)];
  if (checks.length) statements.push(replaceChecksSql(table, checks));
  if (changes.removed.length) {
    statements.push(changes.removed.map((column) => `alter table public.${table} drop constraint if exists ${constraintName(table, column)};`).join("\n"));
  }
  if (changes.campaign) statements.push(campaignRowSql(table, changes.campaign.after));
  return statements;
}
