/**
 * Where a response ends. A survey without `endings` has one ending, its
 * thankYou page, and stores nothing about it. With `endings`, the first
 * ending whose showIf holds is reached, read with the answers the page
 * stores (a question not asked reads as unanswered, as for showIf), and the
 * last ending, which has no showIf, is the default (validate sees to that;
 * should none hold anyway, the last one is reached rather than none).
 */
import type { Condition, Ending, Question } from "../generated/survey-config.ts";
import type { Answers } from "./answers.ts";
import { conditionHolds } from "./conditions.ts";
import { visibilityOf } from "./visibility.ts";

/** The ending the answers lead to; undefined for a survey without endings. */
export function reachedEnding<E extends { showIf?: Condition }>(
  config: { questions: readonly Question[]; endings?: readonly E[] },
  answers: Answers,
): E | undefined {
  const { endings, questions } = config;
  if (!endings?.length) return undefined;
  const visible = visibilityOf({ questions: [...questions] }, answers);
  const asked = new Set(questions.filter((_, index) => visible[index]).map((question) => question.id));
  const answerOf = (id: string) => (asked.has(id) ? answers[id] : undefined);
  return endings.find((ending) => !ending.showIf || conditionHolds(ending.showIf, answerOf)) ?? endings.at(-1);
}

/** "/thank-you" for the default ending, "/thank-you/interested" for the others, unless the ending names its page. */
export function endingPath(ending: Ending, surveyThankYouPath: string): string {
  return ending.thankYou?.path ?? (ending.showIf ? `${surveyThankYouPath.replace(/\/$/, "")}/${ending.id}` : surveyThankYouPath);
}
