/**
 * A history entry's message: the survey's name, then its changes in the
 * editor's language on one line when they fit, else the first ones on the
 * first line and every change on its own line below.
 */
import type { EditorWords } from "../words/index.ts";
import { describeChange, describeChanges } from "./describe-changes.ts";

const SUBJECT_CHANGES = 4;

/** `more`: changes the survey file does not show, said already in words (its translations). */
export function changeMessage(name: string, before: Record<string, unknown>, after: Record<string, unknown>, words: EditorWords, more: string[] = []): string {
  const lines = [...describeChanges(before, after).map((change) => describeChange(change, words)), ...more];
  if (!lines.length) return `${name}: ${words.commitNothing}`;
  if (lines.length <= SUBJECT_CHANGES) return `${name}: ${lines.join("; ")}`;
  const subject = `${name}: ${lines.slice(0, SUBJECT_CHANGES - 1).join("; ")}; ${words.moreChanges(lines.length - SUBJECT_CHANGES + 1)}`;
  return `${subject}\n\n${lines.map((line) => `- ${line}`).join("\n")}\n`;
}
