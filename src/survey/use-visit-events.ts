/**
 * Records the steps of this visit (see core/visit-steps.ts) as they happen
 * and hands them to the fire-and-forget sender. Returns the call for a
 * successful submission.
 */
import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isEmptyAnswer, type Answers } from "../core/answers.ts";
import { hiddenFields, VISIT_ID } from "../core/fields.ts";
import { visitTracker } from "../core/visit-steps.ts";
import { flushVisitEvents, queueVisitEvents } from "../data/visit-events.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export function useVisitEvents(config: SurveyConfig, form: UseFormReturn<Answers>, questionId: string) {
  // Made at the first event, after a draft may have restored its visit id and hidden values (useDraft's effects run first).
  const made = useRef<ReturnType<typeof visitTracker>>(undefined);
  const tracker = () => {
    if (made.current) return made.current;
    const answers = form.getValues();
    const hidden = Object.fromEntries(hiddenFields(config).map((field) => [field.id, String(answers[field.id] ?? "")]));
    return (made.current = visitTracker(config, String(answers[VISIT_ID.id]), hidden));
  };

  useEffect(() => {
    queueVisitEvents(tracker().opened());
    const flushWhenHidden = () => {
      if (document.visibilityState === "hidden") flushVisitEvents();
    };
    window.addEventListener("pagehide", flushVisitEvents);
    document.addEventListener("visibilitychange", flushWhenHidden);
    return () => {
      window.removeEventListener("pagehide", flushVisitEvents);
      document.removeEventListener("visibilitychange", flushWhenHidden);
      flushVisitEvents();
    };
  }, []);

  useEffect(() => queueVisitEvents(tracker().questionShown(questionId)), [questionId]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && !isEmptyAnswer((values as Answers)[name])) queueVisitEvents(tracker().answered());
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return {
    submitted() {
      queueVisitEvents(tracker().submitted());
      flushVisitEvents();
    },
  };
}
