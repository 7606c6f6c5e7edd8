/**
 * A survey file as the app renders it: every text it leaves out taken from
 * the preset of its language (override → preset of the language → of its base
 * language → English), the default placeholders put into the questions, the
 * thank-you and 404 pages completed, and {professionalName} filled in
 * everywhere. Runs at build time (the surveys Vite plugin serves each survey
 * file already resolved, so no preset ships to the browser) and in tests.
 * Other placeholders ({current}, {percent}) are left for the moment they are known.
 */
import { onceMessagesUnused } from "./once.ts";
import type { Condition, Link, Messages, SurveyConfig, ThankYouPage } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { definitionOf, questionTypes, toolsOfType } from "../question-types/registry.ts";
import { endingPath } from "./endings.ts";
import { screenOutPath } from "./quotas.ts";
import { interpolate } from "./interpolate.ts";
import { isMultilingual, languageNames, languagePath } from "./translations.ts";

/** Every message; the language switch's name only for a survey in several languages (the others never show it, nor carry it). */
export type MessageTexts = Required<Omit<Messages, "languageSwitch">> & Pick<Messages, "languageSwitch">;

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

export interface ResolvedEnding {
  id: string;
  showIf?: Condition;
  thankYou: ResolvedThankYou;
}

export interface ResolvedSurvey extends Omit<SurveyConfig, "$schema" | "schemaVersion" | "messages" | "thankYou" | "notFound" | "endings"> {
  messages: MessageTexts;
  /** The default ending's page (the only one without `endings`). */
  thankYou: ResolvedThankYou;
  /** Empty without `endings` in the file. */
  endings: ResolvedEnding[];
  notFound: ResolvedNotFound;
  /** A survey with quotas: each quota's screen-out page, by the quota's id (absent without quotas). */
  screenOuts?: { id: string; thankYou: ResolvedThankYou }[];
  /** For a survey in several languages: its page in each, named in that language (the switch's links, the alternates), so the page computes no address. */
  languagePages?: LanguagePage[];
  /** The definition's version (definition-version.ts), added by the build's surveys plugin; absent where a survey is resolved without it (tests, the editor's preview). */
  version?: string;
}

export interface LanguagePage {
  language: string;
  /** The language named in itself ("Português"). */
  name: string;
  path: string;
}

function languagePages(config: SurveyConfig): LanguagePage[] {
  const names = languageNames(config.languages!);
  return config.languages!.map((language) => ({ language, name: names[language]!, path: languagePath(config, language) }));
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

/**
 * A thank-you page: the ending's keys over the survey's, over the preset of
 * its language. A survey read in another of its languages ends on pages of
 * that language, whose button goes back to its own page.
 */
function resolveThankYou(config: SurveyConfig, page: ThankYouPage, path: string): ResolvedThankYou {
  const language = page.language ?? config.language;
  const inLanguage = (pagePath: string) => languagePath({ route: pagePath, languages: config.languages }, config.language);
  return {
    ...presetFor(language).thankYou,
    emoji: DEFAULT_THANK_YOU_EMOJI,
    links: [],
    buttonTo: inLanguage(config.route),
    delayMs: DEFAULT_REDIRECT_DELAY_MS,
    ...page,
    path: inLanguage(path),
    language,
  };
}

/**
 * The messages without those that only types the survey does not ask use
 * (nor the one-response policy and bot check it does not have), so
 * that its page carries no word of them. Such a message is never read: only
 * its types ask for it.
 */
function messagesFor(config: SurveyConfig, messages: MessageTexts): MessageTexts {
  const asked = new Set<string>(config.questions.map((question) => question.type));
  const ownedBy = (used: boolean) => new Set(questionTypes().filter((type) => asked.has(type) === used).flatMap((type) => toolsOfType(type).messages ?? []));
  const needed = ownedBy(true);
  const unneeded = [...[...ownedBy(false)].filter((key) => !needed.has(key)), ...onceMessagesUnused(config)];
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !unneeded.includes(key as keyof MessageTexts))) as MessageTexts;
}

/** A file that words dateOutOfRange but none of the range messages keeps its own sentence for a date outside the limits. */
function ownDateWording(overrides: Messages = {}): Messages {
  const { dateOutOfRange, dateBetween, dateFrom, dateUntil } = overrides;
  return dateOutOfRange && !dateBetween && !dateFrom && !dateUntil ? { dateBetween: dateOutOfRange, dateFrom: dateOutOfRange, dateUntil: dateOutOfRange } : {};
}

export function resolveSurvey(config: SurveyConfig): ResolvedSurvey {
  const { $schema: _schema, schemaVersion: _version, messages: overrides, thankYou = {}, notFound = {}, endings = [], ...rest } = config;
  const { languageSwitch, ...oneLanguage } = { ...presetFor(config.language).messages, ...ownDateWording(overrides), ...overrides };
  const messages: MessageTexts = isMultilingual(config) ? { ...oneLanguage, languageSwitch } : oneLanguage;
  const notFoundLanguage = notFound.language ?? config.language;
  const surveyPath = thankYouPath(config);
  const resolvedEndings = endings.map(({ id, showIf, thankYou: own = {} }) => ({
    id,
    ...(showIf && { showIf }),
    thankYou: resolveThankYou(config, { ...thankYou, ...own }, endingPath({ id, showIf, thankYou: own }, surveyPath)),
  }));
  const resolved: ResolvedSurvey = {
    ...rest,
    messages: messagesFor(config, messages),
    questions: config.questions.map((question) => definitionOf(question).withPlaceholders(question, messages)),
    thankYou: resolvedEndings.find((ending) => !ending.showIf)?.thankYou ?? resolveThankYou(config, thankYou, surveyPath),
    endings: resolvedEndings,
    notFound: { ...presetFor(notFoundLanguage).notFound, buttonTo: config.route, ...notFound, language: notFoundLanguage },
    ...(isMultilingual(config) && { languagePages: languagePages(config) }),
    ...(config.quotas?.length && { screenOuts: config.quotas.map((quota) => ({ id: quota.id, thankYou: resolveThankYou(config, { ...thankYou, ...quota.screenOut }, screenOutPath(quota, surveyPath)) })) }),
  };
  return fillName(resolved, config.professionalName);
}
