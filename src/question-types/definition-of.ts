/**
 * A question's definition, as the page and the core ask for it. Apart from
 * registry.ts so that the page's graph never reaches the types' tools (the
 * build's, the database's and the report's code).
 */
import type { Question } from "../generated/survey-config.ts";
import { QUESTION_TYPES } from "./definitions.ts";
import type { QuestionDefinition, QuestionType } from "./types.ts";

// One cast, here: TypeScript cannot tie a union-typed question to the entry of its own type.
export function definitionOf(question: Question): QuestionDefinition<QuestionType> {
  // The site's build carries the types its surveys use (definitions.ts); any other is a survey it was not built from.
  if (!Object.hasOwn(QUESTION_TYPES, question.type)) throw new Error(`[survey] question type "${question.type}" is not in this build; build the site from the survey files it shows`);
  return QUESTION_TYPES[question.type] as QuestionDefinition<QuestionType>;
}
