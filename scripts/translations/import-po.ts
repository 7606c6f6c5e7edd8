/**
 * Reads a translator's PO file back into translations/<id>.<language>.json:
 * each translated entry checked (a text the survey has, the same
 * placeholders as its source), then written as a format-preserving edit of
 * the JSON file (translation-file.ts).
 * The translation keeps the fingerprint of the source text it was made from
 * (the PO entry's msgid): translated from an older source, it stays stale.
 */
import { fingerprintOf, isMultilingual, type TranslatedText } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { placeholderMismatch, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { importPo } from "./po-file.ts";
import { writeTranslationTexts } from "./translation-file.ts";

export interface ImportResult {
  file: string;
  changed: number;
  problems: string[];
}

export function importTranslation(surveysDir: string, surveys: SurveyConfig[], poText: string): ImportResult {
  const { survey: id, language, texts } = importPo(poText);
  const config = surveys.find((survey) => survey.id === id);
  if (!config) return { file: "", changed: 0, problems: [`X-Survey "${id}" is not a survey of ${surveysDir}`] };
  const file = translationPath(surveysDir, id, language);
  if (!isMultilingual(config) || language === config.language || !config.languages!.includes(language)) {
    return { file, changed: 0, problems: [`Language "${language}" is not one of the translated languages of ${id} (${(config.languages ?? []).slice(1).join(", ") || "none"})`] };
  }
  const sources = new Map(translatableTexts(config).map((text) => [text.pointer, text.text]));
  const problems: string[] = [];
  const entries: [string, TranslatedText][] = [];
  for (const [pointer, entry] of texts) {
    if (!sources.has(pointer)) problems.push(`${pointer}: the survey has no text here (msgctxt changed, or the text was removed)`);
    const mismatch = placeholderMismatch(entry.source, entry.text);
    if (mismatch) problems.push(`${pointer}: ${mismatch}`);
    entries.push([pointer, { text: entry.text, source: fingerprintOf(entry.source) }]);
  }
  if (problems.length) return { file, changed: 0, problems };
  return { file, changed: writeTranslationTexts(file, entries), problems };
}
