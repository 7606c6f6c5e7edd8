/**
 * The steps of a visit that the page records for drop-off, and when. A
 * question is recorded by its id the first time it is shown, so two paths
 * through conditional questions still count the same question once. Nothing
 * here ever looks at what was answered, only whether something was.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

/** One table for every survey's visit events. */
export const VISIT_EVENTS_TABLE = "visit_events";

export const VISIT_STEPS = ["opened", "first_answer", "reached", "submitted"] as const;
export type VisitStep = (typeof VISIT_STEPS)[number];

export interface VisitEvent {
  visit_id: string;
  survey_id: string;
  step: VisitStep;
  question_id: string | null;
  hidden: Record<string, string>;
}

export const recordsVisits = (config: SurveyConfig): boolean => config.visitEvents !== false;

/** Tracks one visit; each method returns the events it causes (none when already recorded). */
export function visitTracker(config: SurveyConfig, visitId: string, hidden: Record<string, string>) {
  const present = Object.fromEntries(Object.entries(hidden).filter(([, value]) => value !== ""));
  const event = (step: VisitStep, questionId: string | null = null): VisitEvent => ({ visit_id: visitId, survey_id: config.id, step, question_id: questionId, hidden: present });
  const off = !recordsVisits(config);
  const reached = new Set<string>();
  const done = new Set<VisitStep>();
  const once = (step: VisitStep): VisitEvent[] => {
    if (off || done.has(step)) return [];
    done.add(step);
    return [event(step)];
  };
  return {
    opened: () => once("opened"),
    questionShown(questionId: string): VisitEvent[] {
      if (off || reached.has(questionId)) return [];
      reached.add(questionId);
      return [event("reached", questionId)];
    },
    answered: () => once("first_answer"),
    submitted: () => once("submitted"),
  };
}
