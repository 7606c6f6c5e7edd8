/**
 * Placeholders in a survey's texts. {name} takes a value known when the text
 * is shown ({professionalName}, {current}, {percent}); the validator
 * guarantees at build time that every placeholder names a known value, so an
 * unknown one here is left as written rather than silently removed.
 *
 * {answer:<questionId>} (optionally {answer:<questionId>|<fallback>}) recalls
 * an earlier answer in a question's title, subtitle, placeholder or option
 * labels: a choice's label, the labels of the ticked boxes joined, the number
 * or the text; the fallback while it is empty. The result is plain text for
 * React to render as text, never markup.
 */
import type { Question, SurveyConfig } from "../generated/survey-config.ts";
import { isEmptyAnswer, type AnswerValue, type Answers } from "./answers.ts";
import { optionLabel, optionValue } from "./fields.ts";
import { visibilityOf } from "./visibility.ts";
import { definitionOf } from "../question-types/definition-of.ts";

export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

export const RECALL = /\{answer:([^{}|]*)(?:\|([^{}]*))?\}/g;

export interface Recall {
  questionId: string;
  fallback?: string;
}

/** The recalls a text makes, in order. */
export function recallsIn(text: string): Recall[] {
  return [...text.matchAll(RECALL)].map(([, questionId, fallback]) => ({ questionId: questionId!, ...(fallback !== undefined && { fallback }) }));
}

/** The questions a question's texts recall (only these answers can change what it shows). */
export function recalledIds(question: Question): string[] {
  return [...new Set(recallTexts(question).flatMap(({ text }) => recallsIn(text).map((recall) => recall.questionId)))];
}

/** The texts of a question that may recall an answer, each with its JSON pointer below the question ("title", "options/2/label"). */
export function recallTexts(question: Question): { path: string; text: string }[] {
  const texts = [{ path: "title", text: question.title }];
  if (question.subtitle) texts.push({ path: "subtitle", text: question.subtitle });
  if ("placeholder" in question && question.placeholder) texts.push({ path: "placeholder", text: question.placeholder });
  if ("options" in question) {
    question.options.forEach((option, index) => texts.push(typeof option === "string" ? { path: `options/${index}`, text: option } : { path: `options/${index}/label`, text: option.label }));
  }
  return texts;
}

/** An answer as a respondent reads it: the option's label rather than its stored value. */
export function answerText(question: Question | undefined, value: AnswerValue | undefined): string {
  if (!question || value === undefined || isEmptyAnswer(value)) return "";
  // An answer per key (a matrix) has no one option list: its type words it.
  if (typeof value === "object" && !Array.isArray(value)) return definitionOf(question).mapText?.(question, value) ?? "";
  const labelOf = (stored: string | number) => {
    const option = "options" in question ? question.options.find((candidate) => optionValue(candidate) === stored) : undefined;
    return option ? optionLabel(option) : String(stored);
  };
  return Array.isArray(value) ? value.map(labelOf).join(", ") : labelOf(value);
}

/** `text` with each {answer:…} replaced by that answer, or its fallback (else nothing) while it is empty. */
export function recallAnswers(text: string, config: Pick<SurveyConfig, "questions">, answers: Answers): string {
  return text.replace(RECALL, (_match, id: string, fallback: string | undefined) => {
    const recalled = answerText(config.questions.find((question) => question.id === id), answers[id]);
    return recalled || (fallback ?? "");
  });
}

/**
 * The question as shown with these answers: its title, subtitle, placeholder
 * and option labels recalled. The answer of a question that is not asked
 * (hidden by its condition) reads as empty, as conditions read it.
 */
export function recalledQuestion<Q extends Question>(question: Q, config: SurveyConfig, answers: Answers): Q {
  if (recalledIds(question).length === 0) return question;
  const visible = visibilityOf(config, answers);
  const asked = Object.fromEntries(config.questions.filter((_, index) => visible[index]).map(({ id }) => [id, answers[id]!]));
  const recall = (text: string) => recallAnswers(text, config, asked);
  const shown: Question = { ...question, title: recall(question.title) };
  if (question.subtitle) shown.subtitle = recall(question.subtitle);
  if ("placeholder" in shown && shown.placeholder) shown.placeholder = recall(shown.placeholder);
  if ("options" in shown) shown.options = shown.options.map((option) => (typeof option === "string" ? option : { ...option, label: recall(option.label) }));
  return shown as Q;
}
