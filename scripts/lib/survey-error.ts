/**
 * How the command-line tools print a survey error: file, pointer and message
 * on one line, with the file named as the person at the terminal would type it.
 */
import { relative, sep } from "node:path";
import type { SurveyError } from "../../src/core/checks/located.ts";

/** `surveys/foreign-form.json /questions/3/other/option: "Otra" is not one of the options …` */
export function formatError(error: SurveyError): string {
  return `${error.file} ${error.pointer || "/"}: ${error.message}`;
}

/** Path relative to the working directory (absolute when outside it), with forward slashes. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith("..") ? path : rel.split(sep).join("/");
}
