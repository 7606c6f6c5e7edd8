/**
 * Visits as the database folds them from their events (the `visits` view,
 * scripts/sql/visit-events.ts): when a visit began, which questions it
 * reached (by id), its hidden-field values, whether it was submitted.
 * Responses are matched to visits by visit_id.
 */
export interface VisitRow {
  visit_id: string;
  started_at: string;
  reached: string[] | null;
  submitted: boolean;
  hidden: Record<string, string> | null;
}

export interface Visit {
  startedAt: number;
  reached: ReadonlySet<string>;
  hidden: Record<string, string>;
  submitted: boolean;
}

export function visitTally() {
  const visits = new Map<string, Visit>();
  return {
    visits,
    add(row: VisitRow) {
      visits.set(row.visit_id, { startedAt: Date.parse(row.started_at), reached: new Set(row.reached ?? []), hidden: row.hidden ?? {}, submitted: row.submitted });
    },
  };
}
