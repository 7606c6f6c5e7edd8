/**
 * A digest's numbers: the report's own counts (report.survey_numbers, as
 * `npm run report -- --since` computes them) since the period's start minus
 * those since its end, so that they equal the report's for that window.
 */
import type { ClaimedEvent } from "./types.ts";

export interface WindowNumbers {
  responses: number;
  /** "<question id>\u001f<value>" → responses in the window. */
  counts: Record<string, number>;
  /** Question id → responses in the window that answered it. */
  answered: Record<string, number>;
}

export interface ReportResponses {
  responses: { responses: number; counts: Record<string, number>; questions: Record<string, { n: number }> };
}

export type NumbersOf = (request: Record<string, unknown>) => Promise<ReportResponses>;

export async function windowNumbers(event: ClaimedEvent, numbersOf: NumbersOf): Promise<WindowNumbers> {
  const request = event.target.report!;
  const [from, to] = await Promise.all([numbersOf({ ...request, since: event.period_start }), numbersOf({ ...request, since: event.period_end })]);
  const counts: Record<string, number> = {};
  for (const [key, count] of Object.entries(from.responses.counts)) {
    const inWindow = count - (to.responses.counts[key] ?? 0);
    if (!key.startsWith("~") && inWindow > 0) counts[key] = inWindow;
  }
  const answered = Object.fromEntries(Object.entries(from.responses.questions).map(([id, { n }]) => [id, n - (to.responses.questions[id]?.n ?? 0)]));
  return { responses: from.responses.responses - to.responses.responses, counts, answered };
}
