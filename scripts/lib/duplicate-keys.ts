/**
 * Keys written twice in one object of a JSON text. JSON.parse keeps the last
 * one without a word, so an editor who pasted a second "next" would see their
 * first text vanish. jsonc-parser (the parser behind VS Code's JSON support)
 * walks the text with line numbers; the text has already passed JSON.parse.
 */
import { visit } from "jsonc-parser";
import type { Located } from "../../src/core/checks/located.ts";
import { childPointer } from "../../src/core/checks/located.ts";

export function duplicateKeyErrors(text: string): Located[] {
  const errors: Located[] = [];
  // One map per open object: key → line it was first written on (1-based).
  const open: Map<string, number>[] = [];
  visit(text, {
    onObjectBegin: () => void open.push(new Map()),
    onObjectEnd: () => void open.pop(),
    onObjectProperty: (key, _offset, _length, startLine, _startCharacter, pathSupplier) => {
      const seen = open.at(-1)!;
      const line = startLine + 1;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, line);
        return;
      }
      const pointer = childPointer(pathSupplier().reduce<string>((at, segment) => childPointer(at, segment), ""), key);
      errors.push({ pointer, message: `key "${key}" is written twice in the same object (lines ${first} and ${line}); only the last one would count, so remove or rename one` });
    },
  });
  return errors;
}
