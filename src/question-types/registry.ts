/**
 * The list of question types: each line joins a type's folder, its
 * definition for the respondent's page and its tools for the build, the
 * database, validate, the report and the editor (its input joins in
 * inputs.ts, the registry's React half). `satisfies` over the generated
 * union makes a type that lacks a part, or a part without a type, a compile
 * error. Nothing outside the type folders and these two files chooses by a
 * question's type: it asks definitionOf or toolsOf.
 *
 * Pure: scripts import it and React never loads. The page uses only
 * QUESTION_TYPES, so the bundler leaves the tools out of its first load.
 */
import type { Question } from "../generated/survey-config.ts";
import type { QuestionDefinition, QuestionTools, QuestionType } from "./types.ts";
import { checkbox } from "./checkbox/definition.ts";
import { checkboxTools } from "./checkbox/tools.ts";
import { date } from "./date/definition.ts";
import { dateTools } from "./date/tools.ts";
import { email } from "./email/definition.ts";
import { emailTools } from "./email/tools.ts";
import { matrix } from "./matrix/definition.ts";
import { matrixTools } from "./matrix/tools.ts";
import { number } from "./number/definition.ts";
import { numberTools } from "./number/tools.ts";
import { rating } from "./rating/definition.ts";
import { ratingTools } from "./rating/tools.ts";
import { nps } from "./nps/definition.ts";
import { npsTools } from "./nps/tools.ts";
import { phone } from "./phone/definition.ts";
import { phoneTools } from "./phone/tools.ts";
import { radio } from "./radio/definition.ts";
import { ranking } from "./ranking/definition.ts";
import { rankingTools } from "./ranking/tools.ts";
import { radioTools } from "./radio/tools.ts";
import { select } from "./select/definition.ts";
import { selectTools } from "./select/tools.ts";
import { slider } from "./slider/definition.ts";
import { sliderTools } from "./slider/tools.ts";
import { text } from "./text/definition.ts";
import { textTools } from "./text/tools.ts";
import { textarea } from "./textarea/definition.ts";
import { textareaTools } from "./textarea/tools.ts";

// The order is the survey schema's (its "type" enum and oneOf).
export const QUESTION_TYPES = {
  text: text,
  number: number,
  textarea: textarea,
  select: select,
  radio: radio,
  checkbox: checkbox,
  slider: slider,
  rating: rating,
  nps: nps,
  email: email,
  phone: phone,
  date: date,
  ranking: ranking,
  matrix: matrix,
} satisfies { [T in QuestionType]: QuestionDefinition<T> };

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
export const questionTypes = (): QuestionType[] => Object.keys(QUESTION_TYPES) as QuestionType[];

export const isQuestionType = (type: string): type is QuestionType => Object.hasOwn(QUESTION_TYPES, type);

/** Only a file that validate refuses names another type; say so rather than fail on an undefined part. */
function known(type: string): QuestionType {
  if (!isQuestionType(type)) throw new Error(`[survey] unknown question type "${type}"; run npm run validate`);
  return type;
}

// One cast each, here: TypeScript cannot tie a union-typed question to the entry of its own type.
export const definitionOf = (question: Question) => QUESTION_TYPES[known(question.type)] as QuestionDefinition<QuestionType>;
export const toolsOfType = (type: QuestionType) => QUESTION_TOOLS[known(type)] as unknown as QuestionTools<QuestionType>;
export const toolsOf = (question: Question) => toolsOfType(question.type);
