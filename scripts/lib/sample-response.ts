/**
 * A complete, valid response built from a survey file (each question type's
 * sample answer: the first option, the slider's default, a short text) through the app's own
 * toRow: what the load bench sends and what tests start probes from.
 */
import type { Answers } from "../../src/core/answers.ts";
import { answerFields } from "../../src/core/fields.ts";
import { toRow, type Row } from "../../src/core/to-row.ts";
import { uuidV4 } from "../../src/core/uuid.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";
import { definitionVersion } from "./definition-version.ts";

/** A complete, valid response: every question answered with its first option or a short text. */
export function validRow(config: SurveyConfig, id: string = uuidV4()): Row {
  const answers: Answers = {};
  for (const { id: fieldId, question } of answerFields(config)) {
    if (fieldId === question.id) answers[fieldId] = toolsOf(question).sampleAnswer(question);
  }
  // The version the build would serve with this file, which its migrations published.
  return toRow({ ...config, version: definitionVersion(config) }, answers, id);
}
