/**
 * Checks across all surveys of a directory: each survey has its own route and
 * its own table, and no survey sits on a page of the site (the thank-you page
 * or any survey's redirect target). The first file by name keeps a contested
 * route or table; the later ones are reported.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SurveyError } from "./survey-error.ts";

/** Pages the app itself serves. */
const SITE_PAGES = ["/thank-you"];

export interface ParsedSurvey {
  file: string;
  config: SurveyConfig;
}

export function crossSurveyErrors(surveys: ParsedSurvey[]): SurveyError[] {
  const errors: SurveyError[] = [];
  const pages = new Set([...SITE_PAGES, ...surveys.map(({ config }) => config.redirect.path)]);
  const owners = { route: new Map<string, string>(), table: new Map<string, string>() };
  for (const { file, config } of surveys) {
    if (pages.has(config.route)) {
      errors.push({ file, pointer: "/route", message: `route "${config.route}" is a page of the site; pick another (taken: ${[...pages].join(", ")})` });
    }
    for (const key of ["route", "table"] as const) {
      const owner = owners[key].get(config[key]);
      if (owner) errors.push({ file, pointer: `/${key}`, message: `${key} "${config[key]}" is already used by ${owner}; each survey needs its own ${key}` });
      else owners[key].set(config[key], file);
    }
  }
  return errors;
}
