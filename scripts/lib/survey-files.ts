/**
 * Reads the survey files of a directory: every *.json except the schema,
 * sorted by name so that errors and generated output come in a stable order.
 * A file that is not valid JSON yields one error with its line and column; a
 * key written twice in one object is an error too (JSON.parse keeps the last).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { duplicateKeyErrors } from "./duplicate-keys.ts";
import { type SurveyError } from "../../src/core/checks/located.ts";
import { displayPath } from "./survey-error.ts";

export const SCHEMA_FILE = "survey.schema.json";

export interface SurveyFile {
  /** Display path, e.g. "surveys/medical-form.json". */
  file: string;
  /** File name without directory, e.g. "medical-form.json". */
  name: string;
  /** The file as written (--fix edits it in place). */
  text: string;
  data: unknown;
}

function surveyFileNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && name !== SCHEMA_FILE)
    .sort();
}

/** A file's text as an editor holds it, read instead of the one on disk (npm run edit checks before it saves). */
export interface UnsavedText {
  name: string;
  text: string;
}

export function readSurveyFiles(dir: string, unsaved?: UnsavedText): { files: SurveyFile[]; errors: SurveyError[] } {
  const files: SurveyFile[] = [];
  const errors: SurveyError[] = [];
  for (const name of surveyFileNames(dir)) {
    const file = displayPath(join(dir, name));
    const text = unsaved?.name === name ? unsaved.text : readFileSync(join(dir, name), "utf8");
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      errors.push({ file, pointer: "", message: jsonSyntaxMessage(text, (error as Error).message) });
      continue;
    }
    files.push({ file, name, text, data });
    errors.push(...duplicateKeyErrors(text).map((problem) => ({ file, ...problem })));
  }
  return { files, errors };
}

/** Node reports a character offset; editors need line and column. */
function jsonSyntaxMessage(text: string, nodeMessage: string): string {
  const position = Number(/at position (\d+)/.exec(nodeMessage)?.[1] ?? text.length);
  const before = text.slice(0, position).split("\n");
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  const reason = nodeMessage.replace(/ in JSON at position \d+.*$/, "");
  return `invalid JSON at line ${line}, column ${column}: ${reason} (check for a missing comma or quote, or a trailing comma)`;
}
