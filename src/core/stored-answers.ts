/**
 * A stored row read back as the respondent answered it (the receipt's data
 * page): each question of the survey in its order, with its title and the
 * texts of its columns (its own answer, in the labels the respondent chose,
 * then its companion's), a list
 * joined, a map (matrix, ranking) row by row. A question whose columns are
 * all empty is kept, with no texts: the page says it has no answer. Pure.
 */
import type { Question, SurveyConfig } from "../generated/survey-config.ts";
import type { AnswerValue } from "./answers.ts";
import { answerFields } from "./fields.ts";
import { answerText } from "./interpolate.ts";

export interface StoredAnswer {
  id: string;
  title: string;
  texts: string[];
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([key, item]) => `${key}: ${valueText(item)}`).join("; ");
  return String(value);
}

/** The question's own column as the respondent chose it: the options' labels, not the values stored for them. */
function answerOf(question: Question, value: unknown): string {
  if (value === null || value === undefined) return "";
  // A number (slider, rating, nps, number) is its own label.
  return typeof value === "number" ? String(value) : answerText(question, value as AnswerValue);
}

export function storedAnswers(config: Pick<SurveyConfig, "questions">, row: Readonly<Record<string, unknown>>): StoredAnswer[] {
  const fields = answerFields(config as SurveyConfig);
  return config.questions.map((question) => ({
    id: question.id,
    title: question.title,
    texts: fields
      .filter((field) => field.question === question)
      .map((field) => (field.id === question.id ? answerOf(question, row[field.column]) : valueText(row[field.column])))
      .filter(Boolean),
  }));
}
