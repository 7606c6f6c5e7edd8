/**
 * A viewer's view whose base is smaller than the survey's minimumGroup:
 * results_numbers and results_partial_numbers answer only that
 * (team.withheld in scripts/sql/results-functions-sql.ts), with no count at
 * all, so the page draws no section of numbers, only why.
 */
import { interpolate } from "../core/interpolate.ts";
import type { ResultsWords } from "./words/index.ts";

/** What the database answers for such a view. */
export interface Withheld {
  belowMinimumGroup: number;
  updatedAt: string;
}

export const isWithheld = (answer: object | null): answer is Withheld => answer !== null && "belowMinimumGroup" in answer;

export function WithheldNumbers({ minimum, words }: { minimum: number; words: ResultsWords }) {
  return (
    <section aria-labelledby="withheld" className="card">
      <h2 id="withheld">{words.withheld.heading}</h2>
      <p id="numbers-withheld">{interpolate(words.withheld.body, { count: minimum })}</p>
    </section>
  );
}
