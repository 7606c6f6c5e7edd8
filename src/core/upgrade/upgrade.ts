/**
 * Survey files written for an earlier form of the schema, brought up to
 * date. A file states its form in `schemaVersion`; without it, it is read as
 * form 1. UPGRADE_STEPS holds one step per change of the format that would
 * refuse earlier files, in order: step `from` N gives the changes that turn a
 * form-N file into form N + 1, and none when the file has nothing of form N
 * (a step sees every file stated for its form or earlier and every file that
 * states none, so it recognises the older form by its shape).
 *
 * Pure: the validate CLI, the build and the editor read and write the files;
 * this module only says what changes (planUpgrade) and how the text becomes
 * (upgradedText).
 */
import { applyToData, applyToText, isObject, type FileEdit, type JsonObject } from "./file-edits.ts";
import { upgradeForm1 } from "./form-1.ts";
import type { Change, Conflict, StepResult } from "./move-keys.ts";

export type { Change, Conflict } from "./move-keys.ts";

export interface UpgradeStep {
  from: number;
  upgrade: (file: JsonObject) => StepResult;
}

export const UPGRADE_STEPS: readonly UpgradeStep[] = [{ from: 1, upgrade: upgradeForm1 }];

/** The form the schema describes (its `schemaVersion` const; a test keeps the two equal). */
export const CURRENT_SCHEMA_VERSION = UPGRADE_STEPS.length + 1;

export type UpgradePlan =
  | { form: "current" }
  /** `version` is the form the file states (1 when it states none). */
  | { form: "older"; version: number; changes: Change[]; conflicts: Conflict[] }
  | { form: "newer"; version: number };

/** The edit that states the current form, just after "$schema" when the file has one. */
function stateCurrentForm(file: JsonObject): Change {
  const keys = Object.keys(file);
  const stated = file.schemaVersion;
  const before = stated === undefined ? keys[keys.indexOf("$schema") + 1] : undefined;
  const says = stated === undefined ? `adds "schemaVersion": ${CURRENT_SCHEMA_VERSION}` : `"schemaVersion": ${String(stated)} → ${CURRENT_SCHEMA_VERSION}`;
  return { says, edits: [{ path: ["schemaVersion"], value: CURRENT_SCHEMA_VERSION, before }] };
}

/** What bringing this parsed survey file up to date changes; "current" when nothing. */
export function planUpgrade(file: unknown): UpgradePlan {
  if (!isObject(file)) return { form: "current" };
  const stated = file.schemaVersion;
  // Not a form number: the schema check says what is allowed.
  if (stated !== undefined && !(Number.isInteger(stated) && (stated as number) >= 1)) return { form: "current" };
  const version = (stated as number | undefined) ?? 1;
  if (version > CURRENT_SCHEMA_VERSION) return { form: "newer", version };
  const changes: Change[] = [];
  const conflicts: Conflict[] = [];
  let upgraded = file;
  for (const step of UPGRADE_STEPS.filter((step) => step.from >= version)) {
    const result = step.upgrade(upgraded);
    changes.push(...result.changes);
    conflicts.push(...result.conflicts);
    upgraded = applyToData(upgraded, result.changes.flatMap((change) => change.edits));
  }
  if (!changes.length && !conflicts.length && (stated === undefined || stated === CURRENT_SCHEMA_VERSION)) return { form: "current" };
  return { form: "older", version, changes: [...changes, stateCurrentForm(upgraded)], conflicts };
}

const editsOf = (changes: readonly Change[]): FileEdit[] => changes.flatMap((change) => change.edits);

/**
 * The file's text in the current form (only the changed keys' lines differ)
 * and what changed; undefined when it is current, newer, not JSON, or the
 * upgrade needs a decision first.
 */
export function upgradedText(text: string): { text: string; changes: Change[] } | undefined {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return undefined;
  }
  const plan = planUpgrade(file);
  if (plan.form !== "older" || plan.conflicts.length) return undefined;
  return { text: applyToText(text, editsOf(plan.changes)), changes: plan.changes };
}

/** The parsed file in the current form, for an editor that holds the file parsed (same rules as upgradedText). */
export function upgradedData(file: JsonObject): JsonObject | undefined {
  const plan = planUpgrade(file);
  if (plan.form !== "older" || plan.conflicts.length) return undefined;
  return applyToData(file, editsOf(plan.changes));
}
