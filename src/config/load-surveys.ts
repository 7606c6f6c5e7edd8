/**
 * Every survey in surveys/, loaded at build time. The rest of the app never
 * lists surveys by hand: a new JSON file is a new route. The files are checked
 * against the schema by the Vite plugin before this code ever runs.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

// "@surveys" is surveys/ (a test build may point it at a fixture set: scripts/vite-plugin-surveys.ts).
const modules = import.meta.glob<SurveyConfig>(["@surveys/*.json", "!@surveys/survey.schema.json"], {
  eager: true,
  import: "default",
});

export const surveys: readonly SurveyConfig[] = Object.values(modules);

export function surveyForRoute(route: string): SurveyConfig | undefined {
  return surveys.find((survey) => survey.route === route);
}
