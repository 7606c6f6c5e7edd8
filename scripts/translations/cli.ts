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
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../lib/schema-check.ts";
import { readTranslation, translationPath } from "../lib/translation-checks.ts";
import { translatableTexts } from "../lib/translatable-texts.ts";
import { formatError, loadSurveys } from "../lib/validate.ts";
import { importTranslation } from "./import-po.ts";
import { exportPo } from "./po-file.ts";
import { previousSourceIn } from "./previous-source.ts";

const { values, positionals } = parseArgs({
  options: { language: { type: "string" }, survey: { type: "string" }, out: { type: "string", default: "." }, surveys: { type: "string" } },
  allowPositionals: true,
});
const [command, ...rest] = positionals;
const surveysDir = resolve(values.surveys ?? (command === "export" ? rest[0] : undefined) ?? join(REPO_ROOT, "surveys"));
const configs = () => loadSurveys(surveysDir).surveys.map((survey) => survey.config);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (command === "export") {
  const language = values.language ?? fail("export needs --language <tag>, e.g. --language pt-BR");
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
} else if (command === "import") {
  if (!rest.length) fail("import needs one or more PO files");
  let failed = false;
  for (const poFile of rest) {
    const result = importTranslation(surveysDir, configs(), readFileSync(poFile, "utf8"));
    for (const problem of result.problems) console.error(`${poFile} ${problem}`);
    failed ||= result.problems.length > 0;
    if (!result.problems.length) console.log(`${poFile}: ${result.changed} translation${result.changed === 1 ? "" : "s"} written to ${result.file}`);
  }
  const { errors, warnings } = loadSurveys(surveysDir);
  for (const warning of warnings) console.warn(`warning: ${formatError(warning)}`);
  for (const error of errors) console.error(formatError(error));
  if (failed || errors.length) process.exit(1);
} else {
  fail("usage: npm run translations -- export --language <tag> [--survey <id>] [--out <dir>] | import <file.po>…");
}
