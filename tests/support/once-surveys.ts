/** The surveys of tests/fixtures/surveys/once: one per policy, one with the bot check, one with neither. */
import { join } from "node:path";
import type { ParsedSurvey } from "../../scripts/lib/cross-survey-checks.ts";
import { loadSurveys } from "../../scripts/lib/validate.ts";

export const ONCE_SURVEYS_DIR = join(import.meta.dirname, "../fixtures/surveys/once");

export function onceSurveys(): ParsedSurvey[] {
  const { surveys, errors } = loadSurveys(ONCE_SURVEYS_DIR, join(ONCE_SURVEYS_DIR, "no-migrations"));
  if (errors.length) throw new Error(`[test] ${ONCE_SURVEYS_DIR} is invalid: ${errors.map((error) => error.message).join("; ")}`);
  return surveys;
}
