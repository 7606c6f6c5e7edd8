/**
 * A complete, valid response built from a survey file (the first option of
 * each question, the slider's default, a short text) through the app's own
 * toRow: what the load bench sends and what tests start probes from.
 */
import type { Answers } from "../../src/core/answers.ts";
import { answerFields, optionValue } from "../../src/core/fields.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import { uuidV4 } from "../../src/core/uuid.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

/** A complete, valid response: every question answered with its first option or a short text. */
export function validRow(config: SurveyConfig, id: string = uuidV4()): Row {
  const answers: Answers = {};
  for (const { id: fieldId, question } of answerFields(config)) {
    if (fieldId !== question.id) continue;
    if (question.type === "checkbox") answers[fieldId] = [optionValue(question.options[0]!)];
    else if (question.type === "radio" || question.type === "select") answers[fieldId] = optionValue(question.options[0]!);
    else if (question.type === "slider") answers[fieldId] = [question.default];
    else if (question.type === "number") answers[fieldId] = "30";
    else answers[fieldId] = "Respuesta";
  }
  return toRow(config, answers, id);
}
