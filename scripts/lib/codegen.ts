/**
 * Everything `npm run codegen` produces, computed in memory so that writing
 * and `--check` share one code path: the survey schema assembled from the
 * question types' parts, the config types, the row types, and
 * the migrations still missing from supabase/migrations/, and the written
 * ones a known client can no longer apply, fixed (historic-fixes.ts). Refuses to
 * generate from invalid surveys.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { configTypes, rowTypes } from "./generate-types.ts";
import { fixedMigration } from "../sql/historic-fixes.ts";
import { migrationFiles, readDbState } from "../sql/migration-state.ts";
import { planMigrations } from "../sql/plan-migrations.ts";
import { loadSurveys, type SurveyError } from "./validate.ts";
import { surveySchemaText } from "./survey-schema.ts";

/** Where the assembled schema goes, beside the survey files that name it in "$schema". */
const SCHEMA_FILE = "surveys/survey.schema.json";

export interface GeneratedFile {
  /** Path relative to the output root, e.g. "src/generated/rows.ts". */
  path: string;
  content: string;
}

export type CodegenResult = { errors: SurveyError[] } | { files: GeneratedFile[]; warnings: string[] };

export const MIGRATIONS_DIR = "supabase/migrations";

/** Written migrations whose content historic-fixes.ts changes. */
function fixedHistory(dir: string): GeneratedFile[] {
  return migrationFiles(dir).flatMap((name) => {
    const content = readFileSync(join(dir, name), "utf8");
    const fixed = fixedMigration(content);
    return fixed === content ? [] : [{ path: `${MIGRATIONS_DIR}/${name}`, content: fixed }];
  });
}

export async function generate(surveysDir: string, outDir: string): Promise<CodegenResult> {
  const { surveys, errors } = loadSurveys(surveysDir, join(outDir, MIGRATIONS_DIR));
  if (errors.length) return { errors };
  const { migrations, warnings } = planMigrations(surveys, readDbState(join(outDir, MIGRATIONS_DIR)));
  const files: GeneratedFile[] = [
    { path: SCHEMA_FILE, content: surveySchemaText() },
    { path: "src/generated/survey-config.ts", content: await configTypes() },
    { path: "src/generated/rows.ts", content: await rowTypes(surveys) },
    ...fixedHistory(join(outDir, MIGRATIONS_DIR)),
    ...migrations.map(({ name, content }) => ({ path: `${MIGRATIONS_DIR}/${name}`, content })),
  ];
  return { files, warnings };
}

/** Generated files whose content on disk under `outDir` differs or is missing. */
export function staleFiles(files: GeneratedFile[], outDir: string): string[] {
  return files
    .filter(({ path, content }) => {
      const target = join(outDir, path);
      return !existsSync(target) || readFileSync(target, "utf8") !== content;
    })
    .map(({ path }) => path);
}

/** Writes the stale files of `files` under `outDir` and returns their paths. */
export function writeStaleFiles(files: GeneratedFile[], outDir: string): string[] {
  const stale = staleFiles(files, outDir);
  for (const { path, content } of files.filter((file) => stale.includes(file.path))) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), content);
  }
  return stale;
}
