/**
 * The numbers of a survey with partial responses (report.partial_numbers,
 * scripts/sql/partial-responses-sql.ts): finished and unfinished rows counted
 * apart, and the median milliseconds on each question of each.
 */
export interface PartialNumbers {
  finished: number;
  unfinished: number;
  medianMs: Record<"finished" | "unfinished", Record<string, number>>;
}
