/**
 * The one seam between the questionnaire and the data API.
 * Placeholder until the Supabase implementation lands: resolves after a short delay.
 */
import type { Answers } from "../core/answers.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export type SubmitResponse = (config: SurveyConfig, answers: Answers) => Promise<void>;

export const submitResponse: SubmitResponse = () => new Promise((resolve) => setTimeout(resolve, 300));
