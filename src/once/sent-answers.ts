/**
 * What a respondent sent, as they can read it again on the "already
 * answered" notice: each asked question's title and the answer as text
 * (choices joined, a matrix row by row), in the survey's order; questions
 * left empty are left out. Pure: the notice only draws the list.
 */
import type { Answers, AnswerValue } from "../core/answers.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

export interface SentAnswer {
  title: string;
  text: string;
}

function answerText(value: AnswerValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((item) => answerText(item as AnswerValue)).filter(Boolean).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([row, choice]) => `${row}: ${answerText(choice as AnswerValue)}`).join("; ");
  return String(value).trim();
}

export function sentAnswers(config: Pick<ResolvedSurvey, "questions">, answers: Answers): SentAnswer[] {
  return config.questions.flatMap((question) => {
    const text = answerText(answers[question.id]);
    return text ? [{ title: question.title, text }] : [];
  });
}
