/** A survey's file as the results site needs it: the route table's own loader (one chunk per survey), with its endings as the file lists them. */
import { surveyRoutes } from "../config/load-surveys.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export async function loadSurveyConfig(id: string): Promise<SurveyConfig> {
  const route = surveyRoutes.find((line) => line.id === id);
  if (!route) throw new Error(`no survey ${id} in this build`);
  const resolved = await route.load();
  // The resolved survey fills in texts; the report reads the same questions, hidden fields and endings as the file.
  return { ...resolved, endings: resolved.endings.length > 0 ? resolved.endings : undefined } as unknown as SurveyConfig;
}
