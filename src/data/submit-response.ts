/**
 * The one seam between the questionnaire and the data API: maps the answers
 * to the survey's row and inserts it. responseId stays the same for every
 * attempt of one respondent, so retries can never store two rows.
 */
import type { Answers } from "../core/answers.ts";
import { toRow } from "../core/to-row.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { SubmitError } from "./submit-error.ts";

export type SubmitResponse = (config: SurveyConfig, answers: Answers, responseId: string) => Promise<void>;

const loadInsert = () => import("./supabase-insert.ts");

export const submitResponse: SubmitResponse = async (config, answers, responseId) => {
  // Offline before the prefetch finished: the code itself cannot be fetched yet, which a retry fixes.
  const { insertRow } = await loadInsert().catch((error: unknown) => {
    throw new SubmitError("unreachable", "[survey] the submit code could not be loaded", { cause: error });
  });
  await insertRow(config.table, toRow(config, answers, responseId));
};

/** Fetches the submit path while the respondent reads, so Enviar never waits for it. */
export function prefetchSubmitPath(): void {
  void loadInsert().catch(() => undefined);
}
