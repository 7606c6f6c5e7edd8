/**
 * Checks on a survey's quality rules (src/core/quality.ts) that the schema
 * cannot express: a time rule needs a time the database measures (partial
 * responses, or visits recorded); the matrix rule needs a matrix; no
 * question may take the flags' column.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { columnOf } from "../../src/core/fields.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";
import { QUALITY_COLUMN } from "../../src/core/quality.ts";
import { recordsVisits } from "../../src/core/visit-steps.ts";
import { toolsOf } from "../../src/question-types/registry.ts";

export function qualityErrors(config: SurveyConfig): Located[] {
  const rules = config.quality;
  if (!rules) return [];
  const errors: Located[] = [];
  if (rules.minSecondsPerQuestion !== undefined && !usesPartialResponses(config) && !recordsVisits(config)) {
    errors.push({ pointer: "/quality/minSecondsPerQuestion", message: 'the database measures a response\'s time from its visit (visitEvents) or its times per question (partialResponses): remove "visitEvents": false, set "partialResponses": true, or remove minSecondsPerQuestion' });
  }
  if (rules.sameMatrixAnswers && !config.questions.some((question) => toolsOf(question).report.numbers === "matrix")) {
    errors.push({ pointer: "/quality/sameMatrixAnswers", message: "this survey has no matrix question: remove sameMatrixAnswers" });
  }
  const taken = config.questions.findIndex((question) => columnOf(question) === QUALITY_COLUMN);
  if (taken >= 0) {
    errors.push({ pointer: `/questions/${taken}`, message: `the column "${QUALITY_COLUMN}" holds the quality flags: give this question another id or column` });
  }
  return errors;
}
