/**
 * A survey file as the app renders it: every text it leaves out taken from
 * the preset of its language (override → preset of the language → of its base
 * language → English), the default placeholders put into the questions, the
 * thank-you and 404 pages completed, and {professionalName} filled in
 * everywhere. Runs at build time (the surveys Vite plugin serves each survey
 * file already resolved, so no preset ships to the browser) and in tests.
 * Other placeholders ({current}, {percent}) are left for the moment they are known.
 */
import type { Link, Messages, SurveyConfig } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { definitionOf } from "../question-types/registry.ts";
import { interpolate } from "./interpolate.ts";

export type MessageTexts = Required<Messages>;

export interface ResolvedThankYou {
  path: string;
  delayMs: number;
  language: string;
  pageTitle: string;
  emoji: string;
  heading: string;
  text: string;
  tip?: string;
  links: Link[];
  buttonLabel: string;
  buttonTo: string;
}

export interface ResolvedNotFound {
  language: string;
  pageTitle: string;
  heading: string;
  text: string;
  buttonLabel: string;
  buttonTo: string;
}

export interface ResolvedSurvey extends Omit<SurveyConfig, "$schema" | "schemaVersion" | "messages" | "thankYou" | "notFound"> {
  messages: MessageTexts;
  thankYou: ResolvedThankYou;
  notFound: ResolvedNotFound;
}

/** The spec's 1.5 s between the success notice and the thank-you page. */
const DEFAULT_REDIRECT_DELAY_MS = 1500;
const DEFAULT_THANK_YOU_EMOJI = "🎉";

/** "/thank-you" for the survey at "/", "/quick-poll/thank-you" for the survey at "/quick-poll". */
export function thankYouPath(config: Pick<SurveyConfig, "route" | "thankYou">): string {
  return config.thankYou?.path ?? `${config.route === "/" ? "" : config.route}/thank-you`;
}

function fillName<T>(value: T, name: string): T {
  if (typeof value === "string") return interpolate(value, { professionalName: name }) as T;
  if (Array.isArray(value)) return value.map((item) => fillName(item, name)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillName(item, name)])) as T;
  }
  return value;
}

export function resolveSurvey(config: SurveyConfig): ResolvedSurvey {
  const { $schema: _schema, schemaVersion: _version, messages: overrides, thankYou = {}, notFound = {}, ...rest } = config;
  const messages: MessageTexts = { ...presetFor(config.language).messages, ...overrides };
  const thankYouLanguage = thankYou.language ?? config.language;
  const notFoundLanguage = notFound.language ?? config.language;
  const resolved: ResolvedSurvey = {
    ...rest,
    messages,
    questions: config.questions.map((question) => definitionOf(question).withPlaceholders(question, messages)),
    thankYou: {
      ...presetFor(thankYouLanguage).thankYou,
      emoji: DEFAULT_THANK_YOU_EMOJI,
      links: [],
      buttonTo: config.route,
      delayMs: DEFAULT_REDIRECT_DELAY_MS,
      ...thankYou,
      path: thankYouPath(config),
      language: thankYouLanguage,
    },
    notFound: { ...presetFor(notFoundLanguage).notFound, buttonTo: config.route, ...notFound, language: notFoundLanguage },
  };
  return fillName(resolved, config.professionalName);
}
