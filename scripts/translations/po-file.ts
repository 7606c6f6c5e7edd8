/**
 * A survey's texts in one language as a gettext PO file, the format
 * translation tools (Poedit, Weblate, Crowdin, Lokalise) open: one entry per
 * text, its JSON pointer as the context (the key back into the file), the
 * source text as msgid, the translation as msgstr. Notes name the question
 * and what the text is there, and each placeholder it holds (with the flags
 * the tools check, placeholder-notes.ts); a translation made from an earlier
 * source text is marked fuzzy with that source as `#| msgid`, as msgmerge
 * marks one to review. Written and read by
 * gettext-parser: escaping, folding and plural forms are its business.
 */
import gettext, { type PoEntry } from "gettext-parser";
import { fingerprintOf, type TranslationFile } from "../../src/core/translations.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { SourceText } from "../lib/translatable-texts.ts";
import { placeholderFlags, placeholderNotes } from "./placeholder-notes.ts";
import type { PreviousSource } from "./previous-source.ts";

/** "question 2 (etapa), title; the question: «…»" for a question's text; the key's name for the others. */
export function noteOf(config: SurveyConfig, pointer: string): string {
  const [, first, index, ...rest] = pointer.split("/");
  if (first !== "questions") return `survey ${[first, index, ...rest].filter(Boolean).join(" › ")}`;
  const question = config.questions[Number(index)]!;
  return `question ${Number(index) + 1} (${question.id}, ${question.type}), ${rest.join(" › ")}; the question: «${question.title}»`;
}

export interface ExportContext {
  /** The source text a stale translation was made from, when it can be found (previous-source.ts). */
  previousSource?: PreviousSource;
  /** When the translation last changed (the header's PO-Revision-Date). */
  revised: Date;
}

/** A PO string literal ("…" with gettext's escapes), for the `#| msgid` line. */
const poString = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`;

/** "2026-11-27 06:40+0000", the date form gettext's headers use. */
const poDate = (when: Date) => `${when.toISOString().slice(0, 16).replace("T", " ")}+0000`;

export function exportPo(config: SurveyConfig, language: string, texts: SourceText[], translation: TranslationFile | undefined, context: ExportContext): string {
  const entries: Record<string, Record<string, PoEntry>> = {};
  const translated = (pointer: string) => translation?.texts[pointer]?.text;
  for (const { pointer, text } of texts) {
    const done = translation?.texts[pointer];
    const stale = done !== undefined && done.source !== fingerprintOf(text);
    const previous = stale ? context.previousSource?.(pointer, done.source) : undefined;
    const flags = [...(stale ? ["fuzzy"] : []), ...placeholderFlags(text)];
    const extracted = [noteOf(config, pointer), ...placeholderNotes(config, language, translated, text)].join("\n");
    entries[pointer] = {
      [text]: {
        msgctxt: pointer,
        msgid: text,
        msgstr: [done?.text ?? ""],
        comments: { extracted, reference: `${config.id}.json:${pointer}`, ...(flags.length && { flag: flags.join(", ") }), ...(previous !== undefined && { previous: `msgid ${poString(previous)}` }) },
      },
    };
  }
  // The standard header fields, so that msgfmt -c and the translators' tools find nothing missing; the tools fill Last-Translator on save.
  const headers = {
    "Project-Id-Version": config.id,
    "PO-Revision-Date": poDate(context.revised),
    "Last-Translator": "",
    "Language-Team": language,
    Language: language,
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "X-Survey": config.id,
    "X-Source-Language": config.language,
  };
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
