/**
 * Validation from the config, the same rules for every survey:
 * an optional question always passes; a required checkbox needs one option,
 * a required slider a value, anything else a non-blank text. A given answer
 * passes unless its type finds it malformed (an email, a date off its range). 'Other' and extra
 * free-text fields are never validated. The messages are the survey's own.
 * Only asked questions are checked: a question hidden by its showIf is never
 * required, at submit time either.
 */
import type { Question } from "../generated/survey-config.ts";
import { type Answers, isEmptyAnswer } from "./answers.ts";
import { answerFields } from "./fields.ts";
import { interpolate } from "./interpolate.ts";
import { definitionOf } from "../question-types/definition-of.ts";
import type { MessageTexts, ResolvedSurvey } from "./resolve-survey.ts";
import { askedQuestions } from "./visibility.ts";

/** `language` words the values a message inserts (a date's limits in the survey's date format). */
export function validateQuestion(question: Question, answers: Answers, messages: MessageTexts, language?: string): string | undefined {
  const value = answers[question.id];
  const definition = definitionOf(question);
  // Empty, or begun but not complete (a matrix with a row left out): missing when required.
  if (isEmptyAnswer(value) || definition.isIncomplete?.(question, value!)) return question.required ? messages[definition.requiredMessage] : undefined;
  const invalid = definition.invalidMessage?.(question, value!);
  const text = invalid && messages[invalid];
  return text && interpolate(text, definition.invalidValues?.(question, messages, language) ?? {});
}

export interface SubmitFailure {
  fieldId: string;
  questionIndex: number;
  message: string;
}

/** The submit-time check of submitRequiredFields over the asked questions; the first empty field in question order wins. */
export function validateSubmission(config: ResolvedSurvey, answers: Answers): SubmitFailure | undefined {
  const required = new Set(config.submitRequiredFields ?? []);
  const asked = askedQuestions(config, answers);
  const fields = answerFields(config);
  const missing = fields.find((field) => required.has(field.id) && asked.has(field.question) && isEmptyAnswer(answers[field.id]));
  if (!missing) return undefined;
  return {
    fieldId: missing.id,
    questionIndex: config.questions.indexOf(missing.question),
    message: config.messages.submitRequired,
  };
}
