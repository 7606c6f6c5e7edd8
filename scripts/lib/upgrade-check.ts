/**
 * Validate's side of src/core/upgrade: a file written for another form of
 * the schema gets one line saying so (instead of an unknown-key error per
 * old key), and `npm run validate -- --fix` rewrites the files it can bring
 * up to date. The build and codegen refuse such a file with the same line,
 * since they check through loadSurveys.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CURRENT_SCHEMA_VERSION, planUpgrade, upgradedText, type Change } from "../../src/core/upgrade/upgrade.ts";
import { childPointer, type Located } from "../../src/core/checks/located.ts";
import { readSurveyFiles } from "./survey-files.ts";

const FIX = "npm run validate -- --fix";

const saying = (changes: readonly Change[]) => changes.map((change) => change.says).join("; ");

const pointerOf = (path: readonly (string | number)[]) => path.reduce<string>((at, key) => childPointer(at, key), "");

/** Why this parsed file cannot be checked against the current schema yet; none when it is written for the current form. */
export function upgradeErrors(data: unknown): Located[] {
  const plan = planUpgrade(data);
  if (plan.form === "current") return [];
  if (plan.form === "newer") {
    return [{ pointer: "/schemaVersion", message: `written for form ${plan.version} of the schema, newer than this project reads (up to ${CURRENT_SCHEMA_VERSION}); update the project, or write the file for form ${CURRENT_SCHEMA_VERSION}` }];
  }
  if (plan.conflicts.length) {
    return plan.conflicts.map(({ path, says }) => ({ pointer: pointerOf(path), message: `written for an earlier form of the schema, and ${says}; then run ${FIX} to bring it up to date` }));
  }
  return [{ pointer: "", message: `written for an earlier form of the schema; run ${FIX} to bring it up to date (${saying(plan.changes)})` }];
}

/** Rewrites every survey file of `dir` that an upgrade brings up to date; one line per file rewritten. */
export function fixSurveyFiles(dir: string): string[] {
  return readSurveyFiles(dir).files.flatMap(({ file, name, text }) => {
    const upgraded = upgradedText(text);
    if (upgraded === undefined) return [];
    writeFileSync(join(dir, name), upgraded.text);
    return [`${file}: brought up to form ${CURRENT_SCHEMA_VERSION} (${saying(upgraded.changes)})`];
  });
}
