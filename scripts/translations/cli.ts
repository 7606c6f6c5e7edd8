/**
 * `npm run translations -- export --language pt-BR [--survey <id>] [--out <dir>] [surveys-dir]`
 * writes, for each survey in several languages that lists the language, a
 * PO file `<id>.<language>.po` for translators (po-file.ts), creating the
 * --out folder when missing.
 * `npm run translations -- import <file.po>… [--surveys <dir>]` reads them
 * back into translations/<id>.<language>.json (import-po.ts), then checks the
 * surveys as `npm run validate` does. Exit code 1 when anything is wrong.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { readTranslation, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { importTranslation } from "./import-po.ts";
import { exportPo } from "./po-file.ts";
import { previousSourceIn } from "./previous-source.ts";
import { cli, subcommand, UserError } from "../lib/cli.ts";

const translations = cli("npm run translations --", "Exports the texts of a survey to PO files for translators, and imports them back.", "npm run translations -- export --language pt-BR --out po/");

subcommand(translations, "export", "write <id>.<language>.po for each survey in several languages that lists the language", "npm run translations -- export --language pt-BR --survey foreign-form --out po/")
  .argument("[surveys-dir]", "the survey files' folder (default: surveys/)")
  .requiredOption("--language <tag>", "the language to translate into, e.g. pt-BR")
  .option("--survey <id>", "only this survey")
  .option("--out <dir>", "the folder for the PO files (created when missing)", ".")
  .option("--surveys <dir>", "the survey files' folder, as [surveys-dir]")
  .action((dir: string | undefined, values: { language: string; survey?: string; out: string; surveys?: string }) => exportFiles(surveysDir(values.surveys ?? dir), values));

subcommand(translations, "import", "read PO files back into translations/<id>.<language>.json, then check the surveys as npm run validate does", "npm run translations -- import po/foreign-form.pt-BR.po")
  .argument("<file.po...>", "the PO files")
  .option("--surveys <dir>", "the survey files' folder (default: surveys/)")
  .action((files: string[], values: { surveys?: string }) => importFiles(surveysDir(values.surveys), files));

await translations.parseAsync();

function surveysDir(dir: string | undefined): string {
  return resolve(dir ?? join(REPO_ROOT, "surveys"));
}

function fail(message: string): never {
  throw new UserError(message);
}

function exportFiles(surveysDir: string, values: { language: string; survey?: string; out: string }): void {
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

function importFiles(surveysDir: string, files: string[]): void {
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
