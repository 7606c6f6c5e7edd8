/** What `npm run translations -- export|import` does (cli.ts reads the arguments): PO files out of the survey files, and back. */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readTranslation, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { importTranslation } from "./import-po.ts";
import { exportPo } from "./po-file.ts";
import { previousSourceIn } from "./previous-source.ts";
import { UserError } from "../lib/cli.ts";

function fail(message: string): never {
  throw new UserError(message);
}

export function exportFiles(surveysDir: string, values: { language: string; survey?: string; out: string }): void {
  const language = values.language;
  const surveys = loadSurveys(surveysDir).surveys.filter(({ config }) => config.languages?.slice(1).includes(language) && (!values.survey || config.id === values.survey));
  if (!surveys.length) fail(`no survey${values.survey ? ` "${values.survey}"` : ""} in ${surveysDir} is translated into ${language} (its "languages" lists it after the source)`);
  const out = resolve(values.out);
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    fail(`cannot create the folder ${out} for the PO files: ${(error as Error).message}`);
  }
  for (const { config, file: surveyFile } of surveys) {
    const translationFile = translationPath(surveysDir, config.id, language);
    const translation = readTranslation(translationFile);
    const file = join(out, `${config.id}.${language}.po`);
    // The translation's own date, so that exporting again after an unchanged import gives the same bytes.
    const revised = statSync(existsSync(translationFile) ? translationFile : surveyFile).mtime;
    const texts = translatableTexts(config);
    writeFileSync(file, exportPo(config, language, texts, typeof translation === "string" ? undefined : translation, { revised, previousSource: previousSourceIn(surveyFile) }));
    console.log(`wrote ${file}`);
  }
}

export function importFiles(surveysDir: string, files: string[]): void {
  const configs = () => loadSurveys(surveysDir).surveys.map((survey) => survey.config);
  let failed = false;
  for (const poFile of files) {
    const result = importTranslation(surveysDir, configs(), readFileSync(poFile, "utf8"));
    for (const problem of result.problems) console.error(`${poFile} ${problem}`);
    failed ||= result.problems.length > 0;
    if (!result.problems.length) console.log(`${poFile}: ${result.changed} translation${result.changed === 1 ? "" : "s"} written to ${result.file}`);
  }
  const { errors, warnings } = loadSurveys(surveysDir);
  for (const warning of warnings) console.warn(`warning: ${formatError(warning)}`);
  for (const error of errors) console.error(formatError(error));
  if (failed || errors.length) process.exitCode = 1;
}
