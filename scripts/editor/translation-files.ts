/**
 * The translation files a save writes together with its survey file: those
 * of a restored version, each given whole (its text, or null where the
 * version had no such file, which removes it). Like the survey file, each is
 * sent with the text the editor believes is on disk (its base, null for no
 * file), and nothing is written when one of them changed meanwhile. Only the
 * languages the saved text or the file on disk lists, and only paths
 * survey-paths.ts accepts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { translationFilePath } from "./survey-paths.ts";

export interface TranslationWrite {
  language: string;
  path: string;
  base: string | null;
  text: string | null;
}

const textOrNull = (value: unknown, what: string): string | null => {
  if (value === null || typeof value === "string") return value;
  throw new TypeError(`${what} must be a text or null`);
};

const listedLanguages = (text: string): string[] => {
  try {
    const { languages } = JSON.parse(text) as { languages?: unknown };
    return Array.isArray(languages) ? languages.slice(1).filter((each): each is string => typeof each === "string") : [];
  } catch {
    return [];
  }
};

/** The body's `translations` ({ <language>: { base, text } }) as writes; throws TypeError for a malformed one, RefusedPath for a path refused. */
export function translationWrites(surveysDir: string, name: string, body: unknown, texts: { saved: string; onDisk: string }): TranslationWrite[] {
  if (body === undefined) return [];
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new TypeError(`"translations" must be an object of { "<language>": { "base": …, "text": … } }`);
  const allowed = new Set([...listedLanguages(texts.saved), ...listedLanguages(texts.onDisk)]);
  return Object.entries(body).map(([language, value]) => {
    if (!allowed.has(language)) throw new TypeError(`surveys/${name} does not list the language "${language}"`);
    const { base, text } = (value ?? {}) as Record<string, unknown>;
    const write = { language, path: translationFilePath(surveysDir, name, language), base: textOrNull(base, `translations["${language}"].base`), text: textOrNull(text, `translations["${language}"].text`) };
    if (write.text !== null) {
      const texts = (JSON.parse(write.text) as { texts?: unknown } | null)?.texts;
      if (!texts || typeof texts !== "object" || Array.isArray(texts)) throw new TypeError(`translations["${language}"].text must be a translation file ({ "texts": { … } })`);
    }
    return write;
  });
}

/** The languages whose file on disk is no longer what the editor started from. */
export const changedOnDisk = (writes: TranslationWrite[]): string[] =>
  writes.filter(({ path, base }) => (existsSync(path) ? readFileSync(path, "utf8") : null) !== base).map(({ language }) => language);

/** Writes each file byte for byte, or removes it. */
export function writeTranslationFiles(writes: TranslationWrite[]): void {
  for (const { path, text } of writes) {
    if (text === null) rmSync(path, { force: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
}
