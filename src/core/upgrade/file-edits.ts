/**
 * Changes to a survey file expressed once and applied two ways: to the
 * parsed file (so that the next upgrade step sees the result of the one
 * before, and an editor can update its model) and to the file's text with
 * jsonc-parser, which touches only the lines of the keys that change and
 * keeps the rest of the file (order, spacing, line ends) as written.
 * Pure: no file system, usable in the browser.
 */
import { applyEdits, modify, type FormattingOptions, type JSONPath } from "jsonc-parser";

/** Sets the value at `path` (a new key goes just before the key `before`, else last), or removes it when `value` is undefined. */
export interface FileEdit {
  path: JSONPath;
  value?: unknown;
  before?: string;
}

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

export function valueAt(data: unknown, path: JSONPath): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined), data);
}

/** The object with `key` set to `value` (placed before `before` when new) or removed. */
function withKey(object: JsonObject, key: string, value: unknown, before?: string): JsonObject {
  if (value === undefined) return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
  if (key in object || before === undefined || !(before in object)) return { ...object, [key]: value };
  return Object.fromEntries(Object.entries(object).flatMap((entry) => (entry[0] === before ? [[key, value], entry] : [entry])));
}

function edited(node: unknown, path: JSONPath, edit: FileEdit): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return edit.value;
  if (Array.isArray(node)) return node.map((item, index) => (index === key ? edited(item, rest, edit) : item));
  if (!isObject(node)) throw new Error(`[upgrade] ${JSON.stringify(edit.path)}: no object to edit at ${JSON.stringify(key)}`);
  return rest.length ? { ...node, [key]: edited(node[key], rest, edit) } : withKey(node, String(key), edit.value, edit.before);
}

/** The parsed file after the edits, in order; the input is left as it was. */
export function applyToData<T>(data: T, edits: readonly FileEdit[]): T {
  return edits.reduce<unknown>((node, edit) => edited(node, edit.path, edit), data) as T;
}

/** The file's own indentation and line ends, so that inserted lines look like their neighbours. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? "  ";
  return indent.startsWith("\t") ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}

/** The file's text after the edits, in order, with every other line left as written. */
export function applyToText(text: string, edits: readonly FileEdit[]): string {
  const formattingOptions = formattingOf(text);
  return edits.reduce((current, { path, value, before }) => {
    const getInsertionIndex = (keys: string[]) => (before !== undefined && keys.includes(before) ? keys.indexOf(before) : keys.length);
    return applyEdits(current, modify(current, path, value, { formattingOptions, getInsertionIndex }));
  }, text);
}
