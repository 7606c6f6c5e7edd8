/**
 * A survey in another of its languages: the survey file is the source, in its
 * first language; a language's translation file maps the JSON pointer of each
 * source text to its translation and to the fingerprint of the source text it
 * was made from (so a changed source shows as stale). translateSurvey lays a
 * translation over the file and gives a survey file again, so the renderer,
 * every question type, recall, conditions and endings work unchanged.
 *
 * Invariant: stored values never change. A plain-text option ("Mujer") is
 * both value and label; its translation is written at `<option>/label`, and
 * the option becomes { value: "Mujer", label: "Mulher" }.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

export interface TranslatedText {
  text: string;
  /** fingerprintOf the source text when it was translated. */
  source: string;
}

export interface TranslationFile {
  $schema?: string;
  /** Source pointer ("/questions/0/title") → its translation. */
  texts: Record<string, TranslatedText>;
}

/** FNV-1a (32 bits) of the text, in hex: short, stable, and the same in Node and the browser. */
export function fingerprintOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) hash = Math.imul(hash ^ unit, 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The languages of a survey, its source first (one for a survey without `languages`). */
export const languagesOf = (config: Pick<SurveyConfig, "language" | "languages">): string[] => config.languages ?? [config.language];

export const isMultilingual = (config: Pick<SurveyConfig, "languages">): boolean => (config.languages?.length ?? 0) > 1;

export const pointerKeys = (pointer: string): string[] =>
  pointer.split("/").slice(1).map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));

/** The text at `pointer`, with a plain option's text read at `<option>/label`. */
export function textAt(config: unknown, pointer: string): string | undefined {
  let node: unknown = config;
  for (const key of pointerKeys(pointer)) {
    if (typeof node === "string" && key === "label") return node;
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "string" ? node : undefined;
}

function withText(node: unknown, keys: string[], text: string): unknown {
  if (!keys.length) return typeof node === "string" ? text : node;
  const [key, ...rest] = keys as [string, ...string[]];
  if (typeof node === "string" && key === "label" && !rest.length) return { value: node, label: text };
  if (Array.isArray(node)) return node.map((item, index) => (String(index) === key ? withText(item, rest, text) : item));
  if (node && typeof node === "object" && key in node) return { ...node, [key]: withText((node as Record<string, unknown>)[key], rest, text) };
  return node;
}

/**
 * The survey as read in `language`: each translated text in place of its
 * source, and the language's presets for every text the file leaves out
 * (pages that name their own language follow the respondent's instead).
 * A text without a translation keeps its source (validate refuses that).
 */
export function translateSurvey(config: SurveyConfig, language: string, translation: TranslationFile | undefined): SurveyConfig {
  if (language === config.language || !translation) return config;
  let translated: unknown = config;
  for (const [pointer, { text }] of Object.entries(translation.texts)) translated = withText(translated, pointerKeys(pointer), text);
  const result = translated as SurveyConfig;
  const inLanguage = <T extends { language?: string } | undefined>(page: T): T => (page?.language ? { ...page, language } : page);
  return {
    ...result,
    language,
    thankYou: inLanguage(result.thankYou),
    notFound: inLanguage(result.notFound),
    endings: result.endings?.map((ending) => ({ ...ending, thankYou: inLanguage(ending.thankYou) })),
  };
}

/** The address of a survey's page in `language`: its route for the source (first) language, "<route>/<tag>" for the others ("/pt-BR" for the survey at "/"). */
export function languagePath(config: Pick<SurveyConfig, "route" | "languages">, language: string): string {
  return !config.languages || language === config.languages[0] ? config.route : `${config.route === "/" ? "" : config.route}/${language}`;
}

const baseOf = (language: string) => language.split("-")[0]!;

/** Each language named in itself ("Español", "Português", "English"), its region only when two listed languages share the base. */
export function languageNames(languages: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    languages.map((language) => {
      const shared = languages.filter((other) => baseOf(other) === baseOf(language)).length > 1;
      const name = new Intl.DisplayNames([language], { type: "language" }).of(shared ? language : baseOf(language)) ?? language;
      return [language, name.charAt(0).toLocaleUpperCase(language) + name.slice(1)];
    }),
  );
}
