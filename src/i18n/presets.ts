/**
 * The language presets and the lookup of a survey's language: the exact tag,
 * then its base language ("pt-BR" → "pt", "es-AR" → "es"), then English.
 * Portuguese without a region is Brazilian Portuguese, the audience's.
 * Only build-time code and tests import this: the browser receives each
 * survey with its texts already resolved (see src/core/resolve-survey.ts).
 */
import { en } from "./en.ts";
import { es } from "./es.ts";
import type { Preset } from "./preset.ts";
import { ptBR } from "./pt-br.ts";

export type { Preset } from "./preset.ts";

/** The languages with a complete preset of their own. */
export const PRESETS: Readonly<Record<"es" | "pt-BR" | "en", Preset>> = { es, "pt-BR": ptBR, en };

const BY_TAG: Readonly<Record<string, Preset>> = { ...PRESETS, pt: ptBR };

export const baseLanguage = (language: string): string => language.split("-")[0]!;

export function presetFor(language: string): Preset {
  return BY_TAG[language] ?? BY_TAG[baseLanguage(language)] ?? en;
}
