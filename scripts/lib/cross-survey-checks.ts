/**
 * Checks across all surveys of a directory: each survey has its own route and
 * its own table; no survey sits on a thank-you page; surveys that end on the
 * same thank-you page describe it the same way (the site has one page per
 * address); a conditional ending's page is its own survey's alone; only the
 * default survey words the 404 page; and the buttons of the thank-you and 404
 * pages go to a page that exists here (a survey or a thank-you page), never to
 * a typo that would greet respondents with the 404 page (another site is
 * refused by the schema already). The first file by name keeps a contested
 * route or table; the later ones are reported.
 */
import { receiptPathErrors } from "./receipt-checks.ts";
import { resolveSurvey, type ResolvedSurvey, type ResolvedThankYou } from "../../src/core/resolve-survey.ts";
import { defaultPage } from "../../src/core/ending-pages.ts";
import { defaultSurvey } from "../../src/core/site-pages.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SurveyError } from "../../src/core/checks/located.ts";
import { didYouMean, quoted } from "../../src/core/checks/suggest.ts";

export interface ParsedSurvey {
  file: string;
  config: SurveyConfig;
}

interface ResolvedFile {
  file: string;
  config: SurveyConfig;
  resolved: ResolvedSurvey;
}

type ThankYouWording = Omit<ResolvedThankYou, "delayMs">;

function differingKeys(a: ThankYouWording, b: ThankYouWording): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ThankYouWording)[]);
  return [...keys].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * Surveys that word the same thank-you page must word it alike; one that
 * words nothing there (only its path and delay) ends on it as the others
 * word it, and each keeps its own delay before going there.
 */
function thankYouErrors(surveys: ResolvedFile[]): SurveyError[] {
  const errors: SurveyError[] = [];
  const firstAt = new Map<string, { file: string; page: ThankYouWording }>();
  for (const { file, config, resolved } of surveys) {
    if (!defaultPage(config).words) continue;
    const { delayMs: _ownDelay, ...page } = resolved.thankYou;
    const first = firstAt.get(page.path);
    if (!first) firstAt.set(page.path, { file, page });
    else {
      const keys = differingKeys(first.page, page);
      if (keys.length) errors.push({ file, pointer: "/thankYou", message: `ends on "${page.path}" like ${first.file}, but words that page differently (${keys.join(", ")}); make them the same or give this survey its own thankYou.path` });
    }
  }
  return errors;
}

/** The pages of a survey's conditional endings (its default ending's page is resolved.thankYou). */
const conditionalEndingPaths = ({ resolved }: ResolvedFile) => resolved.endings.filter((ending) => ending.showIf).map((ending) => ending.thankYou.path);

/** A conditional ending's page is its survey's alone: no other page of the site may sit on its path. */
function endingPageErrors(surveys: ResolvedFile[]): SurveyError[] {
  const errors: SurveyError[] = [];
  surveys.forEach((survey) => {
    const others = surveys.flatMap((other) => [other.resolved.route, other.resolved.thankYou.path, ...(other === survey ? [] : conditionalEndingPaths(other))]);
    survey.resolved.endings.forEach((ending, index) => {
      if (ending.showIf && others.includes(ending.thankYou.path)) {
        errors.push({ file: survey.file, pointer: `/endings/${index}/thankYou`, message: `ends on "${ending.thankYou.path}", which is already a page of the site; give this ending its own thankYou.path` });
      }
    });
  });
  return errors;
}

/** A button written in the file (the default, the survey's own route, always exists) that leads nowhere. */
function buttonErrors(surveys: ResolvedFile[]): SurveyError[] {
  const pages = [...new Set(surveys.flatMap((survey) => [survey.resolved.route, survey.resolved.thankYou.path, ...conditionalEndingPaths(survey)]))];
  const errors: SurveyError[] = [];
  for (const { file, config } of surveys) {
    const buttons = [
      ...(["thankYou", "notFound"] as const).map((page) => ({ to: config[page]?.buttonTo, pointer: `/${page}/buttonTo` })),
      ...(config.endings ?? []).map((ending, index) => ({ to: ending.thankYou?.buttonTo, pointer: `/endings/${index}/thankYou/buttonTo` })),
    ];
    for (const { to, pointer } of buttons) {
      if (to === undefined || pages.includes(to)) continue;
      errors.push({ file, pointer, message: `"${to}" is not a page of this site (allowed: ${quoted(pages)}${didYouMean(to, pages)})` });
    }
  }
  return errors;
}

export function crossSurveyErrors(parsed: ParsedSurvey[]): SurveyError[] {
  const surveys = parsed.map(({ file, config }) => ({ file, config, resolved: resolveSurvey(config) }));
  const errors: SurveyError[] = [];
  const thankYouPages = new Set(surveys.map(({ resolved }) => resolved.thankYou.path));
  const owners = { route: new Map<string, string>(), table: new Map<string, string>() };
  for (const { file, config } of surveys) {
    if (thankYouPages.has(config.route)) {
      errors.push({ file, pointer: "/route", message: `route "${config.route}" is a thank-you page of the site; pick another (taken: ${[...thankYouPages].join(", ")})` });
    }
    for (const key of ["route", "table"] as const) {
      const owner = owners[key].get(config[key]);
      if (owner) errors.push({ file, pointer: `/${key}`, message: `${key} "${config[key]}" is already used by ${owner}; each survey needs its own ${key}` });
      else owners[key].set(config[key], file);
    }
  }
  const main = defaultSurvey(surveys.map(({ file, config }) => ({ file, route: config.route, id: config.id })));
  for (const { file, config } of surveys) {
    if (config.notFound && file !== main?.file) errors.push({ file, pointer: "/notFound", message: `only the default survey (${main?.file}, the one at "/" or else the first) words the 404 page; move this block there` });
  }
  return [...errors, ...thankYouErrors(surveys), ...endingPageErrors(surveys), ...buttonErrors(surveys), ...receiptPathErrors(surveys)];
}
