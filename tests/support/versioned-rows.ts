/**
 * Rows written by hand for a test, stamped with the definition version their
 * survey's migrations published (src/core/definition-version.ts): the table
 * refuses a row without one, as it refuses any row the page would not send.
 * A row that names its own definition_version keeps it.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

export function versionedRows(configs: readonly SurveyConfig[]): <T extends object>(table: string, row: T) => T & { definition_version: string } {
  const versions = new Map(configs.map((config) => [config.table, definitionVersion(config)]));
  return (table, row) => {
    const version = versions.get(table);
    if (!version) throw new Error(`[test] no survey of table ${table} among ${[...versions.keys()].join(", ")}`);
    return { definition_version: version, ...row };
  };
}
