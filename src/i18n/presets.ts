/**
 * The language presets and the lookup of a language: the exact tag, then its
 * base language ("pt-BR" → "pt", "es-AR" → "es"), then English. Portuguese
 * without a region is Brazilian Portuguese, the audience's. The same lookup
 * serves every set of presets (the survey's texts here, the report's words in
 * src/report/presets/).
 * Only build-time code, tools and tests import this: the browser receives each
 * survey with its texts already resolved (see src/core/resolve-survey.ts).
 */
import { en } from "./en.ts";
import { es } from "./es.ts";
import type { Preset } from "./preset.ts";
import { ptBR } from "./pt-br.ts";

export type { Preset } from "./preset.ts";

/** The languages with a complete preset of their own. */
export type PresetLanguage = "es" | "pt-BR" | "en";

export const PRESETS: Readonly<Record<PresetLanguage, Preset>> = { es, "pt-BR": ptBR, en };

export const baseLanguage = (language: string): string => language.split("-")[0]!;

/** The preset of the language or of its base language; undefined when neither has one. */
export function ownPreset<T>(presets: Readonly<Record<PresetLanguage, T>>, language: string): T | undefined {
  const byTag: Readonly<Record<string, T>> = { ...presets, pt: presets["pt-BR"] };
  return byTag[language] ?? byTag[baseLanguage(language)];
}

/** The preset a text in `language` comes from: its own, its base language's, else English. */
export function lookupPreset<T>(presets: Readonly<Record<PresetLanguage, T>>, language: string): T {
  return ownPreset(presets, language) ?? presets.en;
}

export function presetFor(language: string): Preset {
  return lookupPreset(PRESETS, language);
}
