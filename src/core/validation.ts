/**
 * Validation from the config, the same rules for every survey:
 * an optional question always passes; a required checkbox needs one option,
 * a required slider a value, anything else a non-blank text. 'Other' and extra
 * free-text fields are never validated. The messages are the survey's own.
 * Only asked questions are checked: a question hidden by its showIf is never
 * required, at submit time either.
 */
import type { Question } from "../generated/survey-config.ts";
import { type Answers, isEmptyAnswer } from "./answers.ts";
import { answerFields } from "./fields.ts";
import { definitionOf } from "../question-types/registry.ts";
import type { MessageTexts, ResolvedSurvey } from "./resolve-survey.ts";
import { askedQuestions } from "./visibility.ts";

export function validateQuestion(question: Question, answers: Answers, messages: MessageTexts): string | undefined {
  if (!question.required) return undefined;
  const value = answers[question.id];
  const definition = definitionOf(question);
  if (!isEmptyAnswer(value) && !definition.isIncomplete?.(question, value!)) return undefined;
  return messages[definition.requiredMessage];
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
