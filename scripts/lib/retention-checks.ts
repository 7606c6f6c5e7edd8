/**
 * Checks on a survey's retention that the schema cannot express: how long an
 * unfinished response is kept means something only for a survey that keeps
 * unfinished responses (partialResponses: true); elsewhere the setting would
 * silently do nothing.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { usesPartialResponses } from "../../src/core/partial-response.ts";

export function retentionErrors(config: SurveyConfig): Located[] {
  if (config.retention?.unfinishedResponsesDays === undefined || usesPartialResponses(config)) return [];
  return [{ pointer: "/retention/unfinishedResponsesDays", message: 'only a survey with "partialResponses": true keeps unfinished responses: set it, or remove unfinishedResponsesDays' }];
}
