/**
 * Every shipped survey, resolved as the app receives it (the surveys Vite
 * plugin fills in the texts each file leaves out), read synchronously for
 * tests; the app loads each one on its own route instead: src/config/load-surveys.ts.
 */
import { resolveSurvey, type ResolvedSurvey } from "../../src/core/resolve-survey.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import everyTypeFile from "../fixtures/surveys/every-type/every-type.json" with { type: "json" };

const modules = import.meta.glob<ResolvedSurvey>(["../../surveys/*.json", "!../../surveys/survey.schema.json"], {
  eager: true,
  import: "default",
});

export const surveys: readonly ResolvedSurvey[] = Object.values(modules);

export function surveyForRoute(route: string): ResolvedSurvey | undefined {
  return surveys.find((survey) => survey.route === route);
}

/** The fixture that asks one question of every type (the shipped surveys must not change to use the newer ones). */
export const everyTypeSurvey: ResolvedSurvey = resolveSurvey(everyTypeFile as SurveyConfig);
