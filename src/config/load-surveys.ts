/**
 * Every survey in surveys/, loaded at build time. The rest of the app never
 * lists surveys by hand: a new JSON file is a new route. The Vite plugin
 * checks each file against the schema and serves it resolved: the texts it
 * leaves out are filled in from its language's preset (src/core/resolve-survey.ts).
 */
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

// "@surveys" is surveys/ (a test build may point it at a fixture set: scripts/vite-plugin-surveys.ts).
const modules = import.meta.glob<ResolvedSurvey>(["@surveys/*.json", "!@surveys/survey.schema.json"], {
  eager: true,
  import: "default",
});

export const surveys: readonly ResolvedSurvey[] = Object.values(modules);

export function surveyForRoute(route: string): ResolvedSurvey | undefined {
  return surveys.find((survey) => survey.route === route);
}
