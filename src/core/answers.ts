/**
 * The in-memory answers of one respondent, keyed by field id (camelCase).
 * Texts are strings ("" when empty), checkbox answers lists of option values,
 * and the slider a one-element list holding its number (the spec's shape,
 * which is also what the slider primitive works with).
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { answerFields } from "./fields.ts";
import { definitionOf } from "../question-types/definition-of.ts";

export type AnswerValue = string | string[] | number[] | Record<string, string>;
export type Answers = Record<string, AnswerValue>;

export function emptyAnswers(config: SurveyConfig): Answers {
  const answers: Answers = {};
  for (const field of answerFields(config)) {
    const { question } = field;
    answers[field.id] = field.id === question.id ? definitionOf(question).emptyAnswer(question) : "";
  }
  return answers;
}

/** Empty means: no text but whitespace, no list entry, no number. */
export function isEmptyAnswer(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}
