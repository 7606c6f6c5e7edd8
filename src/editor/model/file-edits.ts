/**
 * Edits of a survey file's text that touch only what they change: each one
 * is a jsonc-parser edit (keys keep their order, the file its indentation),
 * so a one-word change is a one-line diff. Pure functions of the text.
 */
import { applyEdits, modify, parse, type JSONPath } from "jsonc-parser";

export type { JSONPath };

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/** The text with `value` at `path` (undefined removes the key or item). */
export const setAt = (text: string, path: JSONPath, value: unknown): string => applyEdits(text, modify(text, path, value, FORMAT));

/** The text with `value` inserted into a list before the item at `path` (or at its end). */
export const insertAt = (text: string, path: JSONPath, value: unknown): string => applyEdits(text, modify(text, path, value, { ...FORMAT, isArrayInsertion: true }));

/** The parsed file; a half-typed file gives what could be read. */
export const parseFile = (text: string): unknown => parse(text, [], { allowTrailingComma: false });

/** The JSON pointer validate reports for `path`. */
export const pointerOf = (path: JSONPath): string => path.map((key) => `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/**
 * The text with the list item at `from` moved to `to`, by swapping
 * neighbours in place: each item keeps its own lines.
 */
export function moveItem(text: string, list: JSONPath, from: number, to: number): string {
  const items = [...((valueAt(parseFile(text), list) as unknown[]) ?? [])];
  let moved = text;
  for (let at = from; at !== to; at += Math.sign(to - from)) {
    const next = at + Math.sign(to - from);
    [items[at], items[next]] = [items[next], items[at]];
    moved = setAt(setAt(moved, [...list, at], items[at]), [...list, next], items[next]);
  }
  return moved;
}

export function valueAt(data: unknown, path: JSONPath): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined), data);
}
