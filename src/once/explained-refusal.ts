/**
 * A refusal of the database that one response per person or the bot check
 * says in the survey's own words (use-once.ts): the submission's usual
 * "rejected" failure, carrying the sentence the notice shows instead of the
 * generic one. The runner asks for it only on a site with these features
 * (ONCE_FEATURES), so other sites carry none of it.
 */
import { SubmitError } from "../data/submit-error.ts";

export interface RefusalText {
  title: string;
  description: string;
}

export class ExplainedRefusal extends SubmitError {
  readonly explanation: RefusalText;

  constructor(explanation: RefusalText, cause: unknown) {
    super("rejected", `[survey] refused: ${explanation.description}`, { cause });
    this.name = "ExplainedRefusal";
    this.explanation = explanation;
  }
}

export const refusalTextOf = (error: unknown): RefusalText | undefined => (error instanceof ExplainedRefusal ? error.explanation : undefined);
