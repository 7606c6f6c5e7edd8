/**
 * Writes translations into translations/<id>.<language>.json as
 * format-preserving edits of the JSON file (jsonc-parser): an entry that did
 * not change leaves its bytes, and a file of unchanged entries leaves every
 * byte, as they were. Shared by the PO import and the editor's server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import type { TranslatedText, TranslationFile } from "../../src/core/translations.ts";

const NEW_FILE = `{\n  "texts": {}\n}\n`;

/** Sets each pointer's entry in `file` (created when missing); returns how many entries changed. */
export function writeTranslationTexts(file: string, entries: Iterable<[string, TranslatedText]>): number {
  const before = existsSync(file) ? readFileSync(file, "utf8") : NEW_FILE;
  const current = (JSON.parse(before) as TranslationFile).texts;
  let text = before;
  let changed = 0;
  for (const [pointer, value] of entries) {
    if (current[pointer]?.text === value.text && current[pointer]?.source === value.source) continue;
    text = applyEdits(text, modify(text, ["texts", pointer], { text: value.text, source: value.source }, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } }));
    changed += 1;
  }
  if (text !== before) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return changed;
}
