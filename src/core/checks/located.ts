/**
 * One problem in one survey file, located by a JSON pointer. Every check
 * (JSON syntax, schema, semantics) reports in this shape so that the CLI, the
 * Vite plugin, the browser editor and the tests print and compare the same
 * one-line messages. No Node import: the editor runs these checks in the page.
 */
export interface SurveyError {
  /** Path of the survey file as the editor would type it, e.g. "surveys/foreign-form.json". */
  file: string;
  /** JSON pointer into the file ("" is the whole document). */
  pointer: string;
  message: string;
}

/** An error before the file it belongs to is attached. */
export type Located = Omit<SurveyError, "file">;

/** JSON pointer of a child key (RFC 6901 escaping). */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
