/**
 * Visits folded from their events (any order, duplicates harmless): when a
 * visit began, which questions it reached (by id), its hidden-field values,
 * whether it was submitted. Responses are matched to visits by visit_id.
 */
export interface EventRow {
  visit_id: string;
  step: string;
  question_id: string | null;
  created_at: string;
  hidden: Record<string, string> | null;
}

export interface Visit {
  startedAt: number;
  reached: Set<string>;
  hidden: Record<string, string>;
  submitted: boolean;
}

export function visitTally() {
  const visits = new Map<string, Visit>();
  return {
    visits,
    add(event: EventRow) {
      const at = Date.parse(event.created_at);
      let visit = visits.get(event.visit_id);
      if (!visit) {
        visit = { startedAt: at, reached: new Set(), hidden: event.hidden ?? {}, submitted: false };
        visits.set(event.visit_id, visit);
      } else if (at < visit.startedAt) {
        visit.startedAt = at;
      }
      if (event.step === "reached" && event.question_id) visit.reached.add(event.question_id);
      if (event.step === "submitted") visit.submitted = true;
    },
  };
}
