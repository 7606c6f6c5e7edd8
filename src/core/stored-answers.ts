/**
 * A stored row read back as the respondent answered it (the receipt's data
 * page): each question of the survey in its order, with its title and the
 * texts of its columns (its own answer, then its companion's), a list
 * joined, a map (matrix, ranking) row by row. A question whose columns are
 * all empty is kept, with no texts: the page says it has no answer. Pure.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { answerFields } from "./fields.ts";

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

export function storedAnswers(config: Pick<SurveyConfig, "questions">, row: Readonly<Record<string, unknown>>): StoredAnswer[] {
  const fields = answerFields(config as SurveyConfig);
  return config.questions.map((question) => ({
    id: question.id,
    title: question.title,
    texts: fields.filter((field) => field.question === question).map((field) => valueText(row[field.column])).filter(Boolean),
  }));
}
