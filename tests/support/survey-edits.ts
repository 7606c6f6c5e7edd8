/**
 * The edits issue 35 measures, made to a copy of surveys/foreign-form.json
 * as a content editor would make them, and a scratch project (the shipped
 * surveys and migrations) in which codegen writes the migration each needs.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { generate, writeStaleFiles } from "../../scripts/lib/codegen.ts";
import { REPO } from "../scripts/helpers.ts";

type Edit = (survey: SurveyConfig) => void;
const question = (survey: SurveyConfig, id: string) => survey.questions.find((q) => q.id === id) as Question & { options: (string | { value: string; label: string })[] };

export const EDITS = {
  "one option added": (survey) => question(survey, "genero").options.splice(4, 0, "Agénero"),
  "one question added with a condition": (survey) => {
    const at = survey.questions.findIndex((q) => q.id === "empreender") + 1;
    survey.questions.splice(at, 0, { id: "consultorio", type: "text", title: "¿Qué tipo de consultorio?", emoji: "🏥", required: false, showIf: { question: "empreender", equals: "Sí, un poco" } });
  },
  "a maxResponses set": (survey) => Object.assign(survey, { maxResponses: 500 }),
  "an option's label renamed": (survey) => {
    const options = question(survey, "pais").options;
    options[0] = { value: "Brasil", label: "Brasil 🇧🇷" };
  },
} satisfies Record<string, Edit>;

export type EditName = keyof typeof EDITS;

export interface ScratchProject {
  root: string;
  surveys: string;
  migrations: string;
}

/** A copy of the repository's surveys/ and, unless `fresh`, supabase/migrations/ under `root`. */
export function scratchProject(root: string, { fresh = false } = {}): ScratchProject {
  cpSync(join(REPO, "surveys"), join(root, "surveys"), { recursive: true });
  if (!fresh) cpSync(join(REPO, "supabase/migrations"), join(root, "supabase/migrations"), { recursive: true });
  return { root, surveys: join(root, "surveys"), migrations: join(root, "supabase/migrations") };
}

export function editForeignForm(surveysDir: string, edit: EditName): void {
  const file = join(surveysDir, "foreign-form.json");
  const survey = JSON.parse(readFileSync(file, "utf8")) as SurveyConfig;
  EDITS[edit](survey);
  writeFileSync(file, `${JSON.stringify(survey, null, 2)}\n`);
}

/** Runs codegen in the project, as `npm run codegen` would, and returns the migrations it wrote: name and text. */
export async function codegenMigrations(project: ScratchProject): Promise<{ name: string; content: string }[]> {
  const result = await generate(project.surveys, project.root);
  if ("errors" in result) throw new Error(JSON.stringify(result.errors));
  return writeStaleFiles(result.files, project.root)
    .filter((path) => path.startsWith("supabase/migrations/"))
    .map((path) => ({ name: path.slice("supabase/migrations/".length), content: readFileSync(join(project.root, path), "utf8") }));
}

export const migrationNames = (project: ScratchProject): string[] => readdirSync(project.migrations).sort();
