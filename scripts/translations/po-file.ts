/**
 * A survey's texts in one language as a gettext PO file, the format
 * translation tools (Poedit, Weblate, Crowdin, Lokalise) open: one entry per
 * text, its JSON pointer as the context (the key back into the file), the
 * source text as msgid, the translation as msgstr. Notes name the question
 * and what the text is there; a translation made from an earlier source
 * text is marked fuzzy, as gettext marks one to review. Written and read by
 * gettext-parser: escaping, folding and plural forms are its business.
 */
import gettext, { type PoEntry } from "gettext-parser";
import { fingerprintOf, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SourceText } from "../lib/translatable-texts.ts";

/** "question 2 (etapa), title; the question: «…»" for a question's text; the key's name for the others. */
export function noteOf(config: SurveyConfig, pointer: string): string {
  const [, first, index, ...rest] = pointer.split("/");
  if (first !== "questions") return `survey ${[first, index, ...rest].filter(Boolean).join(" › ")}`;
  const question = config.questions[Number(index)]!;
  return `question ${Number(index) + 1} (${question.id}, ${question.type}), ${rest.join(" › ")}; the question: «${question.title}»`;
}

export function exportPo(config: SurveyConfig, language: string, texts: SourceText[], translation: TranslationFile | undefined): string {
  const entries: Record<string, Record<string, PoEntry>> = {};
  for (const { pointer, text } of texts) {
    const translated = translation?.texts[pointer];
    const stale = translated !== undefined && translated.source !== fingerprintOf(text);
    entries[pointer] = {
      [text]: {
        msgctxt: pointer,
        msgid: text,
        msgstr: [translated?.text ?? ""],
        comments: { extracted: noteOf(config, pointer), reference: `${config.id}.json:${pointer}`, ...(stale && { flag: "fuzzy" }) },
      },
    };
  }
  const headers = { "Content-Type": "text/plain; charset=UTF-8", Language: language, "X-Survey": config.id, "X-Source-Language": config.language };
  return gettext.po.compile({ charset: "utf-8", headers, translations: entries }).toString("utf8");
}

export interface ImportedPo {
  survey: string;
  language: string;
  /** Pointer → the translation and the source text it was made from; untranslated and fuzzy entries left out. */
  texts: Map<string, { text: string; source: string }>;
}

export function importPo(text: string): ImportedPo {
  const table = gettext.po.parse(text);
  const texts = new Map<string, { text: string; source: string }>();
  for (const [context, entries] of Object.entries(table.translations)) {
    for (const entry of Object.values(entries)) {
      const translated = entry.msgstr[0] ?? "";
      if (!context || !entry.msgid || !translated.trim() || entry.comments?.flag?.includes("fuzzy")) continue;
      texts.set(context, { text: translated, source: entry.msgid });
    }
  }
  return { survey: table.headers["X-Survey"] ?? "", language: table.headers.Language ?? "", texts };
}
