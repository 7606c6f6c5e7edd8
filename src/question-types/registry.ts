/**
 * The one list of question types. Each line joins a type's folder: its
 * definition and input for the respondent's page, its tools for the build,
 * the database, validate, the report and the editor. `satisfies` over the
 * generated union makes a type that lacks a part, or a part that lacks a
 * type, a compile error. Nothing outside the type folders and this file
 * chooses by a question's type: it asks definitionOf or toolsOf.
 *
 * The page imports only QUESTION_TYPES, so the bundler leaves the tools out
 * of its first load; scripts import the inputs only as loaders they never
 * call, so React never loads in a script.
 */
import type { ComponentType } from "react";
import type { Question } from "../generated/survey-config.ts";
import type { QuestionProps } from "./input-props.ts";
import type { QuestionDefinition, QuestionTools, QuestionType } from "./types.ts";
import { checkbox } from "./checkbox/definition.ts";
import { checkboxTools } from "./checkbox/tools.ts";
import { number } from "./number/definition.ts";
import { numberTools } from "./number/tools.ts";
import { radio } from "./radio/definition.ts";
import { radioTools } from "./radio/tools.ts";
import { select } from "./select/definition.ts";
import { selectTools } from "./select/tools.ts";
import { slider } from "./slider/definition.ts";
import { sliderTools } from "./slider/tools.ts";
import { text } from "./text/definition.ts";
import { textTools } from "./text/tools.ts";
import { textarea } from "./textarea/definition.ts";
import { textareaTools } from "./textarea/tools.ts";

/** The respondent's control, in its own chunk, loaded when a question of the type is first shown. */
export type InputLoader<T extends QuestionType> = () => Promise<{ default: ComponentType<QuestionProps<T>> }>;

// The order is the survey schema's (its "type" enum and oneOf).
export const QUESTION_TYPES = {
  text: { ...text, input: () => import("./text/input.tsx") },
  number: { ...number, input: () => import("./number/input.tsx") },
  textarea: { ...textarea, input: () => import("./textarea/input.tsx") },
  select: { ...select, input: () => import("./select/input.tsx") },
  radio: { ...radio, input: () => import("./radio/input.tsx") },
  checkbox: { ...checkbox, input: () => import("./checkbox/input.tsx") },
  slider: { ...slider, input: () => import("./slider/input.tsx") },
} satisfies { [T in QuestionType]: QuestionDefinition<T> & { input: InputLoader<T> } };

export const QUESTION_TOOLS = {
  text: textTools,
  number: numberTools,
  textarea: textareaTools,
  select: selectTools,
  radio: radioTools,
  checkbox: checkboxTools,
  slider: sliderTools,
} satisfies { [T in QuestionType]: QuestionTools<T> };

/** Every type, in the registry's order. */
export const questionTypes = (): QuestionType[] => Object.keys(QUESTION_TYPES) as QuestionType[];

// One cast each, here: TypeScript cannot tie a union-typed question to the entry of its own type.
export const definitionOf = (question: Question) => QUESTION_TYPES[question.type] as unknown as QuestionDefinition<QuestionType> & { input: InputLoader<QuestionType> };
export const toolsOfType = (type: QuestionType) => QUESTION_TOOLS[type] as unknown as QuestionTools<QuestionType>;
export const toolsOf = (question: Question) => toolsOfType(question.type);
