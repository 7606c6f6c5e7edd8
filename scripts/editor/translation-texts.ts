/**
 * The editor's view of a survey's translations into one language: each text
 * of the survey file (its source) beside its translation, marked missing or
 * stale as validate would report it, with the note translators read; and
 * the editor's write of one translation. The survey file itself is only read.
 */
import { fingerprintOf, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { placeholderMismatch, placeholders, readTranslation, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { noteOf } from "../translations/po-file.ts";
import { writeTranslationTexts } from "../translations/translation-file.ts";

export interface TranslationRow {
  pointer: string;
  note: string;
  source: string;
  /** null when the language has no translation of it. */
  text: string | null;
  /** Translated from an earlier source text. */
  stale: boolean;
}

/** The rows of `language`, read from its translation file on disk, or from `file` (its text, null for no file) when given. */
export function translationRows(surveysDir: string, config: SurveyConfig, language: string, file?: string | null): TranslationRow[] | undefined {
  if (!config.languages?.slice(1).includes(language)) return undefined;
  const translation = file === undefined ? readTranslation(translationPath(surveysDir, config.id, language)) : file === null ? null : (JSON.parse(file) as TranslationFile);
  const texts = !translation || typeof translation === "string" ? {} : (translation.texts ?? {});
  return translatableTexts(config).map(({ pointer, text }) => ({
    pointer,
    note: noteOf(config, pointer),
    source: text,
    text: texts[pointer]?.text ?? null,
    stale: texts[pointer] !== undefined && texts[pointer].source !== fingerprintOf(text),
  }));
}

export type TranslationSave = { status: 200; row: TranslationRow } | { status: 404 | 422; message: string; placeholders?: string[]; empty?: true };

/**
 * Writes the translation of the text at `pointer` into `language`, made from
 * the source text as it is now (its fingerprint), so saving an unchanged
 * stale translation confirms it. Refused, with nothing written, when the
 * survey has no such text or language, when the translation is empty, or
 * when it loses or adds a placeholder (the rule validate and the PO import apply).
 */
export function saveTranslation(surveysDir: string, config: SurveyConfig, language: string, pointer: string, text: string): TranslationSave {
  if (!config.languages?.slice(1).includes(language)) return { status: 404, message: `surveys/${config.id}.json is not translated into "${language}"` };
  const source = translatableTexts(config).find((each) => each.pointer === pointer)?.text;
  if (source === undefined) return { status: 404, message: `surveys/${config.id}.json has no text to translate at "${pointer}"` };
  if (!text.trim()) return { status: 422, message: "the translation is empty", empty: true };
  const mismatch = placeholderMismatch(source, text);
  if (mismatch) return { status: 422, message: mismatch, placeholders: placeholders(source) };
  writeTranslationTexts(translationPath(surveysDir, config.id, language), [[pointer, { text, source: fingerprintOf(source) }]]);
  return { status: 200, row: translationRows(surveysDir, config, language)!.find((row) => row.pointer === pointer)! };
}
