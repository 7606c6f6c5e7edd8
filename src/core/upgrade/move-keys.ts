/**
 * The usual shape of an upgrade step: the keys of an object that an earlier
 * form nested move to new places (`messages.success.title` →
 * `messages.successTitle`, `redirect.path` → `thankYou.path`), each value
 * unchanged, and the old object goes. A new key takes the old object's place
 * when it lands beside it. A value already written at its new place with a
 * different text is a conflict: the file would mean two things, so nothing
 * is moved and the editor chooses.
 */
import type { JSONPath } from "jsonc-parser";
import { isObject, valueAt, type FileEdit, type JsonObject } from "./file-edits.ts";

/** One change an upgrade makes, in words (`messages.success {title, description} → messages.successTitle, …`) and as edits. */
export interface Change {
  says: string;
  edits: FileEdit[];
}

/** Something an upgrade cannot decide alone. */
export interface Conflict {
  path: JSONPath;
  says: string;
}

export interface StepResult {
  changes: Change[];
  conflicts: Conflict[];
}

export const dotted = (path: JSONPath) => path.join(".");
const same = (a: JSONPath, b: JSONPath) => dotted(a) === dotted(b);

/**
 * Moves each key of the object at `from` to its target path. Nothing to do
 * when there is no object at `from`, or when it holds a key the earlier form
 * did not have (then it is no earlier form, and the schema check says why).
 */
export function moveKeys(file: JsonObject, from: JSONPath, targets: Record<string, JSONPath>): StepResult {
  const old = valueAt(file, from);
  if (!isObject(old) || !Object.keys(old).every((key) => Object.hasOwn(targets, key))) return { changes: [], conflicts: [] };
  const home = from.slice(0, -1);
  const oldKey = String(from.at(-1));
  const edits: FileEdit[] = [];
  const conflicts: Conflict[] = [];
  /** Objects to create, by path, with the values that go into them. */
  const created = new Map<string, { path: JSONPath; value: JsonObject }>();
  for (const [key, value] of Object.entries(old)) {
    const target = targets[key]!;
    const existing = valueAt(file, target);
    if (existing !== undefined) {
      if (JSON.stringify(existing) !== JSON.stringify(value)) {
        conflicts.push({ path: target, says: `${dotted([...from, key])} is ${JSON.stringify(value)} but ${dotted(target)} is ${JSON.stringify(existing)}; keep one of them` });
      }
      continue;
    }
    const parent = target.slice(0, -1);
    const container = valueAt(file, parent);
    if (container === undefined) {
      const entry = created.get(dotted(parent)) ?? { path: parent, value: {} };
      entry.value[String(target.at(-1))] = value;
      created.set(dotted(parent), entry);
    } else if (isObject(container)) {
      edits.push({ path: target, value, before: same(parent, home) ? oldKey : undefined });
    } else {
      conflicts.push({ path: parent, says: `${dotted(parent)} must be an object to take ${dotted([...from, key])}` });
    }
  }
  if (conflicts.length) return { changes: [], conflicts };
  for (const { path, value } of created.values()) edits.push({ path, value, before: same(path.slice(0, -1), home) ? oldKey : undefined });
  edits.push({ path: from });
  const says = `${dotted(from)} {${Object.keys(old).join(", ")}} → ${Object.keys(old).map((key) => dotted(targets[key]!)).join(", ")}`;
  return { changes: [{ says, edits }], conflicts: [] };
}
