/**
 * What the page says of a failure: a refusal of the database's results
 * functions in the team's words, by the key its DETAIL names
 * (src/core/results-refusals.ts), else by its SQLSTATE or PostgREST's code;
 * only a code the words do not know keeps the database's own (English)
 * message, and any other failure (the network, a chunk) its own.
 */
import { refusalOf } from "../core/results-refusals.ts";
import type { DatabaseAnswer } from "./refusal.ts";
import type { ResultsWords } from "./words/index.ts";

export function refusalText(words: ResultsWords, failure: unknown): string {
  const answer = (failure ?? {}) as DatabaseAnswer;
  const refusal = refusalOf(answer.details);
  if (refusal) return words.refusals.known[refusal];
  const general = answer.code ? words.refusals.codes[answer.code] : undefined;
  return general ?? (answer.message || String(failure));
}
