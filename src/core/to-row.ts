/**
 * Answers (camelCase ids, form shapes) → one database row (snake_case columns).
 * Texts are trimmed and empty ones become null; an 'other' text counts only
 * while its option is chosen; lists stay lists; the slider's one-element list
 * becomes its number (the question's default when it is not a list, as the
 * spec says); number answers are sent as text. Hidden fields and the visit
 * id are texts like any other. Every field of a question that is not asked
 * (its showIf is false) is null, whatever was typed into it before it was
 * hidden.
 */
import type { Question, SurveyConfig } from "../generated/survey-config.ts";
import type { Answers, AnswerValue } from "./answers.ts";
import { storedFields, type StoredField } from "./fields.ts";
import { HONEYPOT } from "./honeypot.ts";
import { askedQuestions } from "./visibility.ts";

export type RowValue = string | string[] | number | null;
export type Row = { id: string } & Record<string, RowValue>;

function textOf(value: AnswerValue | undefined): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? null : text;
}

function sliderOf(question: Question, value: AnswerValue | undefined): number {
  const fallback = question.type === "slider" ? question.default : 0;
  return Array.isArray(value) && typeof value[0] === "number" ? value[0] : fallback;
}

function isHiddenOther(field: StoredField, answers: Answers): boolean {
  const { question } = field;
  if (!question || question.type !== "select" && question.type !== "radio") return false;
  return question.other?.id === field.id && answers[question.id] !== question.other.option;
}

function valueOf(field: StoredField, answers: Answers): RowValue {
  const value = answers[field.id];
  if (field.kind === "list") return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
  if (field.kind === "integer") return sliderOf(field.question, value);
  return isHiddenOther(field, answers) ? null : textOf(value);
}

export function toRow(config: SurveyConfig, answers: Answers, id: string): Row {
  const asked = askedQuestions(config, answers);
  const row: Row = { id };
  for (const field of storedFields(config)) row[field.column] = !field.question || asked.has(field.question) ? valueOf(field, answers) : null;
  // Only a bot fills it; sent as typed so that the database refuses the row.
  const trap = textOf(answers[HONEYPOT]);
  if (trap !== null) row[HONEYPOT] = trap;
  return row;
}
