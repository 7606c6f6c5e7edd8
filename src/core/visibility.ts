/**
 * Which questions a respondent is asked, given the answers so far. One pass
 * in question order: a condition may only read earlier questions (checked at
 * build time), so when a question is reached every answer it reads is
 * settled, and an answer to a question that is itself hidden reads as
 * unanswered (hiding a question hides what depends on it).
 *
 * Navigation, progress, required checks and the stored row all use the
 * positions computed here, so "N de Total" always counts what is asked.
 */
import type { Question, SurveyConfig } from "../generated/survey-config.ts";
import type { Answers } from "./answers.ts";
import { conditionHolds, questionsReadBy } from "./conditions.ts";

/** One flag per question of the config, in order: true when it is asked. */
export function visibilityOf(config: Pick<SurveyConfig, "questions">, answers: Answers): boolean[] {
  const hidden = new Set<string>();
  const answerOf = (id: string) => (hidden.has(id) ? undefined : answers[id]);
  return config.questions.map((question) => {
    const shown = !question.showIf || conditionHolds(question.showIf, answerOf);
    if (!shown) hidden.add(question.id);
    return shown;
  });
}

/** The questions asked, for checks and the stored row (a hidden question's fields are never required and stored as null). */
export function askedQuestions(config: SurveyConfig, answers: Answers): Set<Question> {
  const visible = visibilityOf(config, answers);
  return new Set(config.questions.filter((_, index) => visible[index]));
}

/** Index of the next asked question after `index`, or undefined when `index` is the last one asked. */
export function nextVisibleIndex(visible: readonly boolean[], index: number): number | undefined {
  for (let next = index + 1; next < visible.length; next++) if (visible[next]) return next;
  return undefined;
}

/** Index of the asked question before `index`, or undefined at the first one. */
export function previousVisibleIndex(visible: readonly boolean[], index: number): number | undefined {
  for (let previous = index - 1; previous >= 0; previous--) if (visible[previous]) return previous;
  return undefined;
}

/**
 * Where question `index` stands among the asked ones: zero-based position and
 * how many are asked. The question on screen is always asked (its condition
 * reads only earlier answers, which cannot change while it is shown).
 */
export function visiblePosition(visible: readonly boolean[], index: number): { position: number; total: number } {
  let position = 0;
  let total = 0;
  visible.forEach((shown, at) => {
    // The question on screen always counts, even hidden by its condition (the editor's preview opens at it): never "20 de 19".
    if (!shown && at !== index) return;
    if (at < index) position++;
    total++;
  });
  return { position, total };
}

/** Ids of the questions any condition reads: the only answers whose change can change what is asked. */
export function conditionInputs(config: SurveyConfig): string[] {
  return [...new Set(config.questions.flatMap((question) => (question.showIf ? questionsReadBy(question.showIf) : [])))];
}
