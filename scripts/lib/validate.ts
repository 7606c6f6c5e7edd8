/**
 * The one entry point for checking surveys, shared by `npm run validate`,
 * codegen, the Vite plugin and the tests. Order per file: JSON syntax, then
 * the form of the schema it is written for (an earlier form is one line
 * naming what `--fix` changes), then the schema, then (only for schema-valid files, whose shape is then known)
 * the semantic checks; cross-survey checks run over the schema-valid files.
 */
import { join } from "node:path";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { reportLanguageProblem } from "../../src/report/presets/index.ts";
import { readDbState } from "../sql/migration-state.ts";
import { columnTypeErrors } from "../sql/plan-migrations.ts";
import { conditionErrors } from "./condition-checks.ts";
import { endingErrors } from "./ending-checks.ts";
import { crossSurveyErrors, type ParsedSurvey } from "./cross-survey-checks.ts";
import { fieldErrors } from "./field-checks.ts";
import { placeholderErrors } from "./placeholder-checks.ts";
import { questionErrors } from "./question-checks.ts";
import { recallErrors } from "./recall-checks.ts";
import { campaignErrors } from "./campaign-checks.ts";
import { notificationErrors } from "./notification-checks.ts";
import { onceErrors } from "./once-checks.ts";
import { retentionErrors } from "./retention-checks.ts";
import { featurePairErrors } from "./feature-pairs.ts";
import { qualityErrors } from "./quality-checks.ts";
import { quotaErrors } from "./quota-checks.ts";
import { shuffleErrors } from "./shuffle-checks.ts";
import { armErrors } from "./arm-checks.ts";
import { schemaErrors } from "./schema-check.ts";
import { tableNameProblem } from "./sql-names.ts";
import { translationProblems } from "./translation-checks.ts";
import type { Located, SurveyError } from "../../src/core/checks/located.ts";
import { readSurveyFiles, type UnsavedText } from "./survey-files.ts";
import { upgradeErrors } from "./upgrade-check.ts";

export { formatError } from "./survey-error.ts";
export type { SurveyError } from "../../src/core/checks/located.ts";

/** Checks on the survey as a whole: its file name, its table name and its report's language. */
function surveyLevelErrors(config: SurveyConfig, name: string): Located[] {
  const errors: Located[] = [];
  const expected = `${config.id}.json`;
  if (name !== expected) errors.push({ pointer: "/id", message: `id "${config.id}" does not match the file name "${name}"; rename the file to "${expected}" or set id to "${name.replace(/\.json$/, "")}"` });
  const tableProblem = tableNameProblem(config.table);
  if (tableProblem) errors.push({ pointer: "/table", message: `table ${tableProblem}` });
  const reportLanguage = config.reportLanguage === undefined ? null : reportLanguageProblem(config.reportLanguage);
  if (reportLanguage) errors.push({ pointer: "/reportLanguage", message: reportLanguage });
  return errors;
}

function semanticErrors(config: SurveyConfig, name: string): Located[] {
  return [...surveyLevelErrors(config, name), ...fieldErrors(config), ...questionErrors(config), ...conditionErrors(config), ...endingErrors(config), ...recallErrors(config), ...placeholderErrors(config), ...campaignErrors(config), ...notificationErrors(config), ...onceErrors(config), ...retentionErrors(config), ...qualityErrors(config), ...quotaErrors(config), ...shuffleErrors(config), ...armErrors(config), ...featurePairErrors(config)];
}

/**
 * Every survey of `dir` that passed the schema, and every error found.
 * `migrationsDir` holds the migrations already written (by default the
 * project's, beside `dir`): a question may not change the type of a column
 * they created. `unsaved` is checked in place of its file on disk.
 */
export function loadSurveys(dir: string, migrationsDir = join(dir, "..", "supabase", "migrations"), unsaved?: UnsavedText): { surveys: ParsedSurvey[]; errors: SurveyError[]; warnings: SurveyError[] } {
  const { files, errors } = readSurveyFiles(dir, unsaved);
  const warnings: SurveyError[] = [];
  const surveys: ParsedSurvey[] = [];
  for (const { file, name, data } of files) {
    // A file of an earlier form would fail the schema once per old key; one line says what --fix changes instead.
    const formProblems = upgradeErrors(data);
    const schemaProblems = formProblems.length ? formProblems : schemaErrors(data);
    if (schemaProblems.length) {
      errors.push(...schemaProblems.map((problem) => ({ file, ...problem })));
      continue;
    }
    const config = data as SurveyConfig;
    errors.push(...semanticErrors(config, name).map((problem) => ({ file, ...problem })));
    const translations = translationProblems(dir, config);
    errors.push(...translations.errors);
    warnings.push(...translations.warnings);
    surveys.push({ file, config });
  }
  errors.push(...crossSurveyErrors(surveys));
  errors.push(...columnTypeErrors(surveys, readDbState(migrationsDir)));
  // Group by file (a stable sort keeps each file's errors in the order found).
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { surveys, errors, warnings };
}

export function validateSurveys(dir: string, migrationsDir?: string): SurveyError[] {
  return loadSurveys(dir, migrationsDir).errors;
}
