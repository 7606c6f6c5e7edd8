/**
 * A temporary copy of the project (its sources, config and surveys; the
 * dependencies linked, not copied) with extra surveys generated into
 * surveys/, to show what each new survey costs a page. The extra surveys are
 * the survey at "/" under another id, route and table, with their titles made
 * their own so that no two configs compress alike.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyProject } from "../lib/project-copy.ts";
import { readSurveyFiles } from "../lib/survey-files.ts";
import { buildProduction, REPO_ROOT } from "./build.ts";
import { measureBuild, surveyRoutes, type BuildSizes } from "./first-load.ts";

/** How many surveys the scaling check adds to the shipped ones. */
export const EXTRA_SURVEYS = 12;

export interface CopyWithExtraSurveys {
  root: string;
  /** Routes of the generated surveys. */
  extraRoutes: string[];
  remove: () => void;
}

interface SurveyLike {
  id: string;
  route: string;
  table: string;
  questions: { title: string }[];
  notFound?: unknown;
}

/** The template under another id, route and table; the 404 page stays the default survey's to word. */
export function extraSurvey({ notFound: _wordedByTheDefaultSurvey, ...template }: SurveyLike, number: number): SurveyLike {
  const suffix = String(number).padStart(2, "0");
  return {
    ...template,
    id: `extra-survey-${suffix}`,
    route: `/extra-survey-${suffix}`,
    table: `extra_survey_${suffix}_responses`,
    questions: template.questions.map((question, index) => ({ ...question, title: `${question.title} (encuesta ${suffix}, pregunta ${index + 1})` })),
  };
}

export function projectCopyWithExtraSurveys(count: number, source = REPO_ROOT): CopyWithExtraSurveys {
  const copy = copyProject(source);
  const { root } = copy;
  try {
    const surveysDir = join(root, "surveys");
    const template = readSurveyFiles(surveysDir).files.map((file) => file.data as SurveyLike).find((survey) => survey.route === "/");
    if (!template) throw new Error(`${surveysDir}: no survey at "/" to copy`);
    const extraRoutes: string[] = [];
    for (let number = 1; number <= count; number++) {
      const survey = extraSurvey(template, number);
      writeFileSync(join(surveysDir, `${survey.id}.json`), `${JSON.stringify(survey, null, 2)}\n`);
      extraRoutes.push(survey.route);
    }
    return { root, extraRoutes, remove: copy.remove };
  } catch (error) {
    copy.remove();
    throw error;
  }
}


/** Builds a copy with `count` more surveys, measures every route's first load, and removes both. */
export async function measureWithExtraSurveys(count: number): Promise<BuildSizes> {
  const copy = projectCopyWithExtraSurveys(count);
  try {
    const built = await buildProduction({ logLevel: "warn", root: copy.root });
    try {
      return measureBuild(built.outDir, surveyRoutes(join(copy.root, "surveys")));
    } finally {
      built.remove();
    }
  } finally {
    copy.remove();
  }
}
