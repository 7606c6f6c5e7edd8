/**
 * The translations of a survey that lists `languages`: one file per other
 * language, translations/<id>.<language>.json beside the survey. A text the
 * file lacks is an error (the build refuses: a respondent would read the
 * source language); a translation made from an earlier source text, or of a
 * text the source no longer has, is a warning (an error with --strict).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { answerFields, LANGUAGE } from "../../src/core/fields.ts";
import { fingerprintOf, isMultilingual, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { type SurveyError } from "../../src/core/checks/located.ts";
import { displayPath } from "./survey-error.ts";
import { translatableTexts } from "./translatable-texts.ts";

export const TRANSLATIONS_DIR = "translations";

export const translationPath = (surveysDir: string, id: string, language: string) => join(surveysDir, TRANSLATIONS_DIR, `${id}.${language}.json`);

/** The placeholders of a text, by name ({professionalName}, {answer:nombre|colega} → answer:nombre). */
export const placeholders = (text: string) => [...text.matchAll(/\{([^{}|]+)(?:\|[^{}]*)?\}/g)].map((match) => match[1]!).sort();

/** Why a translation cannot stand for its source text: it loses or adds a placeholder. */
export function placeholderMismatch(source: string, translation: string): string | undefined {
  const [wanted, found] = [placeholders(source), placeholders(translation)];
  if (wanted.join() === found.join()) return undefined;
  return `the translation must use the placeholders of its source (${wanted.map((name) => `{${name}}`).join(", ") || "none"}), found ${found.map((name) => `{${name}}`).join(", ") || "none"}`;
}

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** A translation file as read, or the one-line reason it cannot be used. */
export function readTranslation(path: string): TranslationFile | string {
  if (!existsSync(path)) return "missing: every text of the survey needs a translation in this file (npm run translations -- export --language <tag> starts one)";
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return `invalid JSON: ${(error as Error).message}`;
  }
  const texts = (data as { texts?: unknown } | null)?.texts;
  if (!texts || typeof texts !== "object" || Array.isArray(texts)) return `must be an object with "texts": { "<pointer>": { "text": …, "source": … } }`;
  for (const [pointer, entry] of Object.entries(texts)) {
    const { text, source } = (entry ?? {}) as Record<string, unknown>;
    if (typeof text !== "string" || !text.trim() || typeof source !== "string") return `texts["${pointer}"] must be { "text": "<a non-empty translation>", "source": "<fingerprint>" }`;
  }
  return data as TranslationFile;
}

export function translationProblems(surveysDir: string, config: SurveyConfig): { errors: SurveyError[]; warnings: SurveyError[] } {
  const errors: SurveyError[] = [];
  const warnings: SurveyError[] = [];
  if (!isMultilingual(config)) return { errors, warnings };
  const [source, ...others] = config.languages!;
  const surveyFile = displayPath(join(surveysDir, `${config.id}.json`));
  if (source !== config.language) {
    errors.push({ file: surveyFile, pointer: "/languages/0", message: `the first language is the source and must be the survey's language "${config.language}" (found "${source}")` });
  }
  const taken = answerFields(config).find((field) => field.column === LANGUAGE.column);
  if (taken) errors.push({ file: surveyFile, pointer: taken.pointer, message: `column "${LANGUAGE.column}" holds the language each response was given in; give this field another id or column` });
  const texts = translatableTexts(config);
  for (const language of others.filter((each) => each !== config.language)) {
    const path = translationPath(surveysDir, config.id, language);
    const file = displayPath(path);
    const translation = readTranslation(path);
    if (typeof translation === "string") {
      errors.push({ file, pointer: "", message: translation });
      continue;
    }
    for (const { pointer, text } of texts) {
      const entry = translation.texts[pointer];
      const mismatch = entry && placeholderMismatch(text, entry.text);
      if (!entry) errors.push({ file, pointer, message: `missing the ${language} translation of ${quoted(text)}` });
      else if (mismatch) errors.push({ file, pointer, message: mismatch });
      else if (entry.source !== fingerprintOf(text)) {
        warnings.push({ file, pointer, message: `translated from an earlier source text; the source now says ${quoted(text)} (check the translation, then set its "source" to "${fingerprintOf(text)}")` });
      }
    }
    const known = new Set(texts.map((text) => text.pointer));
    for (const pointer of Object.keys(translation.texts).filter((each) => !known.has(each))) {
      warnings.push({ file, pointer, message: "the source has no text here any more (removed or moved); delete this translation" });
    }
  }
  return { errors, warnings };
}
