/**
 * What the page knows before the first answer: the hidden-field values in
 * the address it was opened with, and a fresh visit id. They live in the
 * answers object beside the answers, so they survive every step (the address
 * bar may change) and go into the row through toRow like any stored field.
 * A missing parameter is "" (stored as null); a long one is cut, never refused.
 */
import { emptyAnswers, type Answers } from "./answers.ts";
import { DEFINITION_VERSION, hiddenFields, LANGUAGE, storedFields, textLimitOf, VISIT_ID } from "./fields.ts";
import type { ResolvedSurvey } from "./resolve-survey.ts";
import { SEVERAL_LANGUAGES } from "./site-languages.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export function hiddenValuesFrom(config: SurveyConfig, search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const field of hiddenFields(config)) values[field.id] = (params.get(field.id) ?? "").trim().slice(0, textLimitOf(field));
  return values;
}

/** The answers a visit starts with: the definition's version it is shown (definition-version.ts); a survey in several languages records the one it is shown in. */
export function openingAnswers(config: SurveyConfig & Pick<ResolvedSurvey, "version">, search: string, visitId: string): Answers {
  const language = SEVERAL_LANGUAGES && storedFields(config).includes(LANGUAGE) ? { [LANGUAGE.id]: config.language } : {};
  return { ...emptyAnswers(config), ...hiddenValuesFrom(config, search), [VISIT_ID.id]: visitId, [DEFINITION_VERSION.id]: config.version ?? "", ...language };
}
