/**
 * Responses built from the survey files themselves (the first option of each
 * question, the slider's default), through the app's own toRow, so that a
 * test inserting "a valid response" keeps working when an editor rewords an
 * option. The same row with one column changed is how probes are written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Answers } from "../../src/core/answers.ts";
import { answerFields, optionValue } from "../../src/core/fields.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

export const SHIPPED_SURVEYS = ["foreign-form", "medical-form"] as const;

export function shippedSurvey(id: (typeof SHIPPED_SURVEYS)[number]): SurveyConfig {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../../surveys", `${id}.json`), "utf8"));
}

/** A complete, valid response: every question answered with its first option or a short text. */
export function validRow(config: SurveyConfig, id: string = crypto.randomUUID()): Row {
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
