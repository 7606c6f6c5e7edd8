/**
 * Checks across all surveys of a directory: each survey has its own route and
 * its own table, no survey sits on a page of the site, and each redirect goes
 * to a page that exists here (a page of the site or another survey), never to
 * another site or a typo that would greet respondents with the 404 page. The
 * first file by name keeps a contested route or table; later ones are reported.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SurveyError } from "./survey-error.ts";
import { didYouMean, quoted } from "./suggest.ts";

/** Pages the app serves besides the surveys (src/app.tsx). */
const SITE_PAGES = ["/thank-you"];

export interface ParsedSurvey {
  file: string;
  config: SurveyConfig;
}

/** Where `survey` may send respondents after a successful submission. */
function redirectTargets(surveys: ParsedSurvey[], survey: ParsedSurvey): string[] {
  return [...SITE_PAGES, ...surveys.filter((other) => other !== survey).map(({ config }) => config.route)];
}

function redirectError(surveys: ParsedSurvey[], survey: ParsedSurvey): SurveyError | undefined {
  const { path } = survey.config.redirect;
  const allowed = redirectTargets(surveys, survey);
  if (allowed.includes(path)) return undefined;
  const problem = path === survey.config.route ? `"${path}" is this survey's own route: respondents would start it again` : `"${path}" is not a page of this site`;
  return { file: survey.file, pointer: "/redirect/path", message: `${problem} (allowed: ${quoted(allowed)}${didYouMean(path, allowed)})` };
}

export function crossSurveyErrors(surveys: ParsedSurvey[]): SurveyError[] {
  const errors: SurveyError[] = [];
  const owners = { route: new Map<string, string>(), table: new Map<string, string>() };
  for (const survey of surveys) {
    const { file, config } = survey;
    if (SITE_PAGES.includes(config.route)) {
      errors.push({ file, pointer: "/route", message: `route "${config.route}" is a page of the site; pick another (taken: ${SITE_PAGES.join(", ")})` });
    }
    for (const key of ["route", "table"] as const) {
      const owner = owners[key].get(config[key]);
      if (owner) errors.push({ file, pointer: `/${key}`, message: `${key} "${config[key]}" is already used by ${owner}; each survey needs its own ${key}` });
      else owners[key].set(config[key], file);
    }
    const redirect = redirectError(surveys, survey);
    if (redirect) errors.push(redirect);
  }
  return errors;
}
