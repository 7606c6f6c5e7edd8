/**
 * The editor's view of a survey's translations into one language: each text
 * of the survey file (its source) beside its translation, marked missing or
 * stale as validate would report it, with the note translators read.
 */
import { fingerprintOf } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { readTranslation, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { noteOf } from "../translations/po-file.ts";

export interface TranslationRow {
  pointer: string;
  note: string;
  source: string;
  /** null when the language has no translation of it. */
  text: string | null;
  /** Translated from an earlier source text. */
  stale: boolean;
}

export function translationRows(surveysDir: string, config: SurveyConfig, language: string): TranslationRow[] | undefined {
  if (!config.languages?.slice(1).includes(language)) return undefined;
  const translation = readTranslation(translationPath(surveysDir, config.id, language));
  const texts = typeof translation === "string" ? {} : translation.texts;
  return translatableTexts(config).map(({ pointer, text }) => ({
    pointer,
    note: noteOf(config, pointer),
    source: text,
    text: texts[pointer]?.text ?? null,
    stale: texts[pointer] !== undefined && texts[pointer].source !== fingerprintOf(text),
  }));
}
