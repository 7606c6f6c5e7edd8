/**
 * A site whose surveys each have one language carries none of the language
 * machinery: its production build loads src/core/site-languages.ts as
 * `SEVERAL_LANGUAGES = false`, a constant the bundler inlines, so every
 * branch only a survey in several languages takes folds away.
 *
 * Only in `vite build`: the dev server keeps it true, so a survey edited to
 * list languages works without a restart.
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** Whether any survey file of `dir` lists several languages. */
export function listsSeveralLanguages(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => {
    const languages = (file.data as { languages?: unknown } | undefined)?.languages;
    return Array.isArray(languages) && languages.length > 1;
  });
}

export const siteLanguagesPlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-languages", module: "core/site-languages.ts", constant: "SEVERAL_LANGUAGES", uses: listsSeveralLanguages }, options);
