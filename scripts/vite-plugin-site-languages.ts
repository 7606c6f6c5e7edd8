/**
 * A site whose surveys each have one language carries none of the language
 * machinery: its production build loads src/core/site-languages.ts as
 * `SEVERAL_LANGUAGES = false`, a constant the bundler inlines, so every
 * branch only a survey in several languages takes folds away.
 *
 * Only in `vite build`: the dev server keeps it true, so a survey edited to
 * list languages works without a restart.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-languages.ts", import.meta.url));

/** Whether any survey file of `dir` lists several languages. */
export function listsSeveralLanguages(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => {
    const languages = (file.data as { languages?: unknown } | undefined)?.languages;
    return Array.isArray(languages) && languages.length > 1;
  });
}

export function siteLanguagesPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "site-languages",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SEVERAL_LANGUAGES = ${listsSeveralLanguages(dir)};\n`;
    },
  };
}
