/**
 * Reads a translator's PO file back into translations/<id>.<language>.json:
 * each translated entry checked (a text the survey has, the same
 * placeholders as its source), then written as a format-preserving edit of
 * the JSON file (jsonc-parser), so an entry that did not change leaves its
 * bytes, and a file of unchanged entries leaves every byte, as they were.
 * The translation keeps the fingerprint of the source text it was made from
 * (the PO entry's msgid): translated from an older source, it stays stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import { fingerprintOf, isMultilingual, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { placeholderMismatch, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { importPo } from "./po-file.ts";

export interface ImportResult {
  file: string;
  changed: number;
  problems: string[];
}

const NEW_FILE = `{\n  "texts": {}\n}\n`;

export function importTranslation(surveysDir: string, surveys: SurveyConfig[], poText: string): ImportResult {
  const { survey: id, language, texts } = importPo(poText);
  const config = surveys.find((survey) => survey.id === id);
  if (!config) return { file: "", changed: 0, problems: [`X-Survey "${id}" is not a survey of ${surveysDir}`] };
  const file = translationPath(surveysDir, id, language);
  if (!isMultilingual(config) || language === config.language || !config.languages!.includes(language)) {
    return { file, changed: 0, problems: [`Language "${language}" is not one of the translated languages of ${id} (${(config.languages ?? []).slice(1).join(", ") || "none"})`] };
  }
  const sources = new Map(translatableTexts(config).map((text) => [text.pointer, text.text]));
  const before = existsSync(file) ? readFileSync(file, "utf8") : NEW_FILE;
  const current = (JSON.parse(before) as TranslationFile).texts;
  const problems: string[] = [];
  let text = before;
  let changed = 0;
  for (const [pointer, entry] of texts) {
    if (!sources.has(pointer)) problems.push(`${pointer}: the survey has no text here (msgctxt changed, or the text was removed)`);
    const mismatch = placeholderMismatch(entry.source, entry.text);
    if (mismatch) problems.push(`${pointer}: ${mismatch}`);
    const value = { text: entry.text, source: fingerprintOf(entry.source) };
    if (problems.length || (current[pointer]?.text === value.text && current[pointer]?.source === value.source)) continue;
    text = applyEdits(text, modify(text, ["texts", pointer], value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } }));
    changed += 1;
  }
  if (problems.length) return { file, changed: 0, problems };
  if (text !== before) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { file, changed, problems };
}
