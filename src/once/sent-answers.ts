/**
 * What a respondent sent, as they can read it again on the "already
 * answered" notice: each asked question's title and the answer as text
 * (the chosen options' labels joined, a matrix row by row), in the survey's order; questions
 * left empty are left out. Pure: the notice only draws the list.
 */
import type { Answers } from "../core/answers.ts";
import { answerText } from "../core/interpolate.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

export interface SentAnswer {
  title: string;
  text: string;
}

/** The labels the respondent chose (a value/label option shows its label), as a recall of the answer shows them. */
export function sentAnswers(config: Pick<ResolvedSurvey, "questions">, answers: Answers): SentAnswer[] {
  return config.questions.flatMap((question) => {
    const text = answerText(question, answers[question.id]).trim();
    return text ? [{ title: question.title, text }] : [];
  });
}
