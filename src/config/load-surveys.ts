/**
 * The surveys in surveys/, one route each. Every page carries only the route
 * table (scripts/vite-plugin-survey-routes.ts); a survey's config is its own
 * chunk, loaded by the route that shows it, so adding surveys does not grow
 * any page's first load. The files are checked against the schema by the
 * Vite plugin before this code ever runs.
 */
import { surveyRoutes as lines } from "virtual:survey-routes";
import type { SurveyConfig } from "../generated/survey-config.ts";

export interface SurveyRoute {
  id: string;
  route: string;
  load: () => Promise<SurveyConfig>;
}

export const surveyRoutes: readonly SurveyRoute[] = lines as readonly SurveyRoute[];
