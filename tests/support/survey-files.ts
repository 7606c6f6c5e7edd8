/**
 * The survey files as written, read from disk. Importing them instead would
 * go through the surveys Vite plugin, which serves them already resolved.
 * Paths are taken from the working directory (vitest runs at the repository
 * root): under jsdom import.meta.url is not a file URL.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

export function surveyFile(id: string): SurveyConfig {
  return JSON.parse(readFileSync(join(process.cwd(), "surveys", `${id}.json`), "utf8")) as SurveyConfig;
}
