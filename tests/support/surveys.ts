/**
 * Every shipped survey, read synchronously for tests (the app loads each one
 * on its own route instead: src/config/load-surveys.ts).
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

const modules = import.meta.glob<SurveyConfig>(["../../surveys/*.json", "!../../surveys/survey.schema.json"], {
  eager: true,
  import: "default",
});

export const surveys: readonly SurveyConfig[] = Object.values(modules);

export function surveyForRoute(route: string): SurveyConfig | undefined {
  return surveys.find((survey) => survey.route === route);
}
