/**
 * The list of question types: each line joins a type's folder, its
 * definition for the respondent's page and its tools for the build, the
 * database, validate, the report and the editor (its input joins in
 * inputs.ts, the registry's React half). `satisfies` over the generated
 * union makes a type that lacks a part, or a part without a type, a compile
 * error. Nothing outside the type folders and these two files chooses by a
 * question's type: it asks definitionOf or toolsOf.
 *
 * Pure: scripts import it and React never loads. The page never imports
 * it: the core asks definition-of.ts, so no tool reaches the page's graph;
 * and the page's build keeps only the definitions of the types its surveys
 * use (definitions.ts).
 */
import type { Question } from "../generated/survey-config.ts";
import { QUESTION_TYPES } from "./definitions.ts";
export { definitionOf } from "./definition-of.ts";
import type { QuestionTools, QuestionType } from "./types.ts";
import { checkboxTools } from "./checkbox/tools.ts";
import { dateTools } from "./date/tools.ts";
import { emailTools } from "./email/tools.ts";
import { matrixTools } from "./matrix/tools.ts";
import { numberTools } from "./number/tools.ts";
import { ratingTools } from "./rating/tools.ts";
import { npsTools } from "./nps/tools.ts";
import { phoneTools } from "./phone/tools.ts";
import { rankingTools } from "./ranking/tools.ts";
import { radioTools } from "./radio/tools.ts";
import { selectTools } from "./select/tools.ts";
import { sliderTools } from "./slider/tools.ts";
import { textTools } from "./text/tools.ts";
import { textareaTools } from "./textarea/tools.ts";

export { QUESTION_TYPES };

// In the order of QUESTION_TYPES (the survey schema's).
export const QUESTION_TOOLS = {
  text: textTools,
  number: numberTools,
  textarea: textareaTools,
  select: selectTools,
  radio: radioTools,
  checkbox: checkboxTools,
  slider: sliderTools,
  rating: ratingTools,
  nps: npsTools,
  email: emailTools,
  phone: phoneTools,
  date: dateTools,
  ranking: rankingTools,
  matrix: matrixTools,
} satisfies { [T in QuestionType]: QuestionTools<T> };

/** Every type, in the registry's order. */
export const questionTypes = (): QuestionType[] => Object.keys(QUESTION_TOOLS) as QuestionType[];

export const isQuestionType = (type: string): type is QuestionType => Object.hasOwn(QUESTION_TOOLS, type);

/** Only a file that validate refuses names another type; say so rather than fail on an undefined part. */
function known(type: string): QuestionType {
  if (!isQuestionType(type)) throw new Error(`[survey] unknown question type "${type}"; run npm run validate`);
  return type;
}

// One cast here (definitionOf has its own): TypeScript cannot tie a union-typed question to the entry of its own type.
export const toolsOfType = (type: QuestionType) => QUESTION_TOOLS[known(type)] as unknown as QuestionTools<QuestionType>;
export const toolsOf = (question: Question) => toolsOfType(question.type);
