/**
 * The report's words per language, looked up like the survey's presets
 * (src/i18n/presets.ts): the exact tag, its base language, English.
 */
import { lookupPreset, ownPreset, type PresetLanguage } from "../../i18n/presets.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { ptBR } from "./pt-br.ts";
import type { ReportPreset } from "./report-preset.ts";

export type { PluralForms, ReportPreset } from "./report-preset.ts";

export const REPORT_PRESETS: Readonly<Record<PresetLanguage, ReportPreset>> = { es, "pt-BR": ptBR, en };

export const REPORT_LANGUAGES = Object.keys(REPORT_PRESETS) as PresetLanguage[];

function isLanguageTag(language: string): boolean {
  try {
    return Intl.getCanonicalLocales(language).length === 1;
  } catch {
    return false;
  }
}

export const reportPresetFor = (language: string): ReportPreset => lookupPreset(REPORT_PRESETS, language);

/** Why a report language cannot be used, or null: it needs a report preset of its own or of its base language. */
export function reportLanguageProblem(language: string): string | null {
  if (isLanguageTag(language) && ownPreset(REPORT_PRESETS, language)) return null;
  return `"${language}" has no report preset (allowed: ${REPORT_LANGUAGES.map((tag) => `"${tag}"`).join(", ")}, or one of them with a region, e.g. "es-AR")`;
}
