/**
 * The versions of a survey's consent text now, one per language it is shown
 * in: each language's texts (the source, or its translation file laid over
 * it) resolved as the page shows them, hashed as the page hashes them
 * (src/core/consent.ts). The database accepts these and every earlier one.
 */
import { consentVersion } from "../../src/core/consent.ts";
import type { ParsedSurvey } from "../lib/cross-survey-checks.ts";
import { shownSurveys } from "../lib/definition-version.ts";

export function consentVersions(survey: ParsedSurvey): string[] {
  if (!survey.config.consent) return [];
  return [...new Set(shownSurveys(survey).map((shown) => consentVersion(shown.consent!)))];
}
