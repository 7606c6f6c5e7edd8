/**
 * The differences between a database and what the survey files say, as
 * findings an operator can act on. Pure: expected + actual in, findings out.
 * A "drift" finding makes db:check fail; a "note" is information (old rows
 * kept under a NOT VALID constraint, migrations unknown to the files).
 */
import type { Campaign } from "../../src/core/campaign.ts";
import type { ExpectedDatabase, ExpectedTable } from "../sql/expected-database.ts";
import type { ActualDatabase, ActualTable } from "./inspect.ts";
import { PUBLIC_ROLES } from "./inspect.ts";

export interface Finding {
  /** The table, "API guard" or "migrations". */
  scope: string;
  kind: "drift" | "note";
  message: string;
}

const PUBLIC_POLICY_ROLES = new Set(["anon", "authenticated", "public"]);

function tableFindings(expected: ExpectedTable, actual: ActualTable): string[] {
  if (!actual.exists) return [`table public.${expected.table} does not exist`];
  const drift: string[] = [];
  for (const { column, type, accepted } of expected.columns) {
    const found = actual.columns[column];
    if (found === undefined) drift.push(`column ${column} is missing (${type})`);
    else if (!accepted.includes(found)) drift.push(`column ${column} is ${found}, the survey needs ${type}`);
  }
  for (const { name, comment } of expected.constraints) {
    const found = actual.constraints[name];
    if (!found) drift.push(`constraint ${name} is missing`);
    else if (found.comment !== comment) drift.push(`constraint ${name} differs from what ${expected.source} generates`);
  }
  if (!actual.rowSecurity) drift.push("row level security is off");
  for (const policy of actual.policies) {
    if (policy.name === expected.insertPolicy || !policy.roles.some((role) => PUBLIC_POLICY_ROLES.has(role))) continue;
    drift.push(`policy "${policy.name}" (for ${policy.command} to ${policy.roles.join(", ")}) is not the survey's: the public key must only insert`);
  }
  if (!actual.policies.some((policy) => policy.name === expected.insertPolicy)) drift.push(`policy ${expected.insertPolicy} (the public key's insert) is missing`);
  for (const role of PUBLIC_ROLES) {
    const extra = (actual.privileges[role] ?? []).filter((privilege) => privilege !== "INSERT");
    if (extra.length) drift.push(`${role} is granted ${extra.join(", ")}: the public key must only insert`);
    const inserts = (actual.privileges[role] ?? []).includes("INSERT");
    if (expected.publicInsert && !inserts) drift.push(`${role} may not INSERT: responses cannot be stored`);
    if (!expected.publicInsert && inserts) drift.push(`${role} may INSERT directly: a survey with partial responses takes its rows through its save function only`);
  }
  for (const trigger of expected.triggers) {
    if (!actual.triggers.includes(trigger)) drift.push(`trigger ${trigger} is missing`);
  }
  if (expected.campaign) drift.push(...campaignFindings(expected.campaign, actual.campaign, expected.source));
  return drift;
}

const shownTime = (ms: number | null) => (ms === null ? "none" : new Date(ms).toISOString());

function campaignFindings(expected: Campaign, actual: ActualTable["campaign"], source: string): string[] {
  if (!actual) return [`the campaign (window and response limit) is missing`];
  const wanted = { opensAt: expected.opensAt ? Date.parse(expected.opensAt) : null, closesAt: expected.closesAt ? Date.parse(expected.closesAt) : null };
  const drift: string[] = [];
  for (const key of ["opensAt", "closesAt"] as const) {
    if (actual[key] !== wanted[key]) drift.push(`campaign ${key} is ${shownTime(actual[key])}, ${source} says ${shownTime(wanted[key])}`);
  }
  if (actual.maxResponses !== (expected.maxResponses ?? null)) drift.push(`campaign maxResponses is ${actual.maxResponses ?? "none"}, ${source} says ${expected.maxResponses ?? "none"}`);
  return drift;
}

/** `migrationFiles`: the file names in supabase/migrations/, whose leading timestamp is the version recorded when applied. */
export function compareDatabase(expected: ExpectedDatabase, actual: ActualDatabase, migrationFiles: string[]): Finding[] {
  const versionOf = (file: string) => file.split("_")[0]!;
  const findings: Finding[] = [];
  for (const table of expected.tables) {
    const found = actual.tables[table.table]!;
    for (const message of tableFindings(table, found)) findings.push({ scope: table.table, kind: "drift", message });
    for (const [name, rows] of Object.entries(found.brokenRows)) {
      findings.push({ scope: table.table, kind: "note", message: `${rows} old row(s) break ${name} (kept: the constraint is NOT VALID, new rows must satisfy it)` });
    }
  }
  for (const view of expected.closedViews) {
    const privileges = actual.views[view];
    if (privileges === null || privileges === undefined) findings.push({ scope: view, kind: "drift", message: `view public.${view} does not exist` });
    else for (const role of PUBLIC_ROLES) {
      if (privileges[role]?.length) findings.push({ scope: view, kind: "drift", message: `${role} is granted ${privileges[role]!.join(", ")}: the public key must not read visits` });
    }
  }
  for (const name of expected.functions) {
    if (!actual.functions[name]) findings.push({ scope: "API guard", kind: "drift", message: `function ${name} is missing` });
  }
  for (const [role, settings] of Object.entries(expected.roleSettings)) {
    for (const [name, value] of Object.entries(settings)) {
      const found = actual.roleSettings[role]?.[name];
      if (found !== value) findings.push({ scope: "API guard", kind: "drift", message: `role ${role}: ${name} is ${found === undefined ? "not set" : `"${found}"`}, expected "${value}"` });
    }
  }
  if (actual.appliedMigrations === null) {
    findings.push({ scope: "migrations", kind: "drift", message: "no migration has ever been applied (supabase_migrations.schema_migrations does not exist)" });
  } else {
    const applied = new Set(actual.appliedMigrations);
    for (const file of migrationFiles.filter((file) => !applied.has(versionOf(file)))) {
      findings.push({ scope: "migrations", kind: "drift", message: `${file} is not applied yet` });
    }
    const known = new Set(migrationFiles.map(versionOf));
    for (const version of actual.appliedMigrations.filter((version) => !known.has(version)).sort()) {
      findings.push({ scope: "migrations", kind: "note", message: `${version} is applied but not in supabase/migrations (an older or hand-applied migration)` });
    }
  }
  return findings;
}
