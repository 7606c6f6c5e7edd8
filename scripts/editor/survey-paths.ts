/**
 * The one place that decides which files the editor's server may read or
 * write: an existing `<name>.json` directly inside the surveys folder, never
 * the schema. The name is a bare file name (no `/`, `\`, `..` or absolute
 * path), and the file's real path (symlinks followed) must still be directly
 * inside the folder's real path: comparing whole directory names, not a
 * `startsWith` on strings, so `surveys-evil/` is not inside `surveys/`.
 * A survey's translation file, `translations/<id>.<language>.json`, may be
 * written (or removed, by a restore) only for a survey file it accepts and a
 * language tag, and only inside the real `surveys/translations/`.
 */
import { existsSync, lstatSync, readdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { SCHEMA_FILE } from "../lib/survey-files.ts";
import { translationPath } from "../lib/translation-checks.ts";

export class RefusedPath extends Error {}

const SURVEY_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;

/** The real path of survey file `name` in `surveysDir`; throws RefusedPath with the reason otherwise. */
export function surveyPath(surveysDir: string, name: string): string {
  if (isAbsolute(name) || /[\\/]/.test(name) || name.includes("..")) throw new RefusedPath(`"${name}" is not a file name inside surveys/`);
  if (!SURVEY_NAME.test(name) || name === SCHEMA_FILE) throw new RefusedPath(`"${name}" is not a survey file (expected e.g. foreign-form.json)`);
  const path = join(surveysDir, name);
  if (!existsSync(path)) throw new RefusedPath(`surveys/${name} does not exist`);
  const real = realpathSync(path);
  if (dirname(real) !== realpathSync(surveysDir)) throw new RefusedPath(`surveys/${name} leads outside surveys/`);
  return real;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The path of survey `name`'s translation file into `language` (it may not exist); throws RefusedPath otherwise. */
export function translationFilePath(surveysDir: string, name: string, language: string): string {
  const survey = surveyPath(surveysDir, name);
  if (!LANGUAGE_TAG.test(language)) throw new RefusedPath(`"${language}" is not a language tag (expected e.g. pt-BR)`);
  const path = translationPath(dirname(survey), name.replace(/\.json$/, ""), language);
  const folder = dirname(path);
  if (existsSync(folder) && dirname(realpathSync(folder)) !== dirname(survey)) throw new RefusedPath("surveys/translations leads outside surveys/");
  if (existsSync(path) && lstatSync(path).isSymbolicLink()) throw new RefusedPath(`surveys/translations/${name.replace(/\.json$/, "")}.${language}.json is a link`);
  return path;
}

/** The survey files the editor offers: those surveyPath accepts. */
export function surveyNames(surveysDir: string): string[] {
  return readdirSync(surveysDir)
    .filter((name) => {
      try {
        return Boolean(surveyPath(surveysDir, name));
      } catch {
        return false;
      }
    })
    .sort();
}
