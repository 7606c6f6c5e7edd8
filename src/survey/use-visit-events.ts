/**
 * Records the steps of this visit (see core/visit-steps.ts) as they happen
 * and hands them to the fire-and-forget sender. Returns the call for a
 * successful submission.
 */
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isEmptyAnswer, type Answers } from "../core/answers.ts";
import { hiddenFields, VISIT_ID } from "../core/fields.ts";
import { visitTracker } from "../core/visit-steps.ts";
import { flushVisitEvents, queueVisitEvents } from "../data/visit-events.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

export function useVisitEvents(config: SurveyConfig, form: UseFormReturn<Answers>, questionId: string) {
  const [tracker] = useState(() => {
    const answers = form.getValues();
    const hidden = Object.fromEntries(hiddenFields(config).map((field) => [field.id, String(answers[field.id] ?? "")]));
    return visitTracker(config, String(answers[VISIT_ID.id]), hidden);
  });

  useEffect(() => {
    queueVisitEvents(tracker.opened());
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
  }, [tracker]);

  useEffect(() => queueVisitEvents(tracker.questionShown(questionId)), [tracker, questionId]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && !isEmptyAnswer((values as Answers)[name])) queueVisitEvents(tracker.answered());
    });
    return () => subscription.unsubscribe();
  }, [form, tracker]);

  return {
    submitted() {
      queueVisitEvents(tracker.submitted());
      flushVisitEvents();
    },
  };
}
