/**
 * Rows for a test carry the definition version their survey's migrations
 * published (src/core/definition-version.ts), as the page's do: the table
 * refuses a row without one. A survey as the build serves it (with its
 * version) for rows made by toRow; rows written by hand stamped by table,
 * a row that names its own definition_version keeping it.
 */
import { definitionVersion } from "../../scripts/lib/definition-version.ts";
import { resolveSurvey, type ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

/** The survey as the build serves it in its source language: resolved, with its version. */
export const servedSurvey = (config: SurveyConfig): ResolvedSurvey => ({ ...resolveSurvey(config), version: definitionVersion(config) });

/** A config (resolved or not) with the version its own migrations publish: what a test's page rows carry. */
export const withVersion = <T extends SurveyConfig | ResolvedSurvey>(config: T): T & { version: string } => ({ ...config, version: definitionVersion(config as SurveyConfig) });

export function versionedRows(configs: readonly SurveyConfig[]): <T extends object>(table: string, row: T) => T & { definition_version: string } {
  const versions = new Map(configs.map((config) => [config.table, definitionVersion(config)]));
  return (table, row) => {
    const version = versions.get(table);
    if (!version) throw new Error(`[test] no survey of table ${table} among ${[...versions.keys()].join(", ")}`);
    return { definition_version: version, ...row };
  };
}
