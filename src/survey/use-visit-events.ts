/**
 * Records the steps of this visit (see core/visit-steps.ts) as they happen
 * and hands them to the fire-and-forget sender. Returns the call for a
 * successful submission.
 *
 * The tracker and the sender are a chunk of their own, loaded when the page
 * opens: events wait a moment before they are sent anyway, so they need not
 * weigh on the first load. Events keep their order (one promise, callbacks
 * in the order they were queued).
 */
import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isEmptyAnswer, type Answers } from "../core/answers.ts";
import { hiddenFields, VISIT_ID } from "../core/fields.ts";
import type { VisitEvent, visitTracker } from "../core/visit-steps.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";

type Tracker = ReturnType<typeof visitTracker>;

const loadRecorder = () => Promise.all([import("../core/visit-steps.ts"), import("../data/visit-events.ts")]);
type Recorder = Awaited<ReturnType<typeof loadRecorder>>;

let recorder: Promise<Recorder> | undefined;
let loaded: Recorder | undefined;

function withRecorder(use: (recorder: Recorder) => void): void {
  if (loaded) return use(loaded);
  // Loaded in a task of its own: the first event is recorded while the page hydrates, and the import's preload
  // bookkeeping in the DOM would lengthen that task. A chunk that cannot be fetched (offline) costs a drop-off
  // figure, never the respondent.
  recorder ??= new Promise((resolve) => setTimeout(resolve, 0))
    .then(loadRecorder)
    .then((modules) => (loaded = modules));
  recorder.then(use, () => undefined);
}

/** Sends what is queued now (the page is being hidden or left); nothing is queued before the recorder has loaded. */
const flushVisitEvents = () => loaded?.[1].flushVisitEvents();

/**
 * `opening`, when given, is what the first event waits for: a "continue
 * later" link putting its row's answers back, the visit id among them, so
 * that the page continues the visit the link's row began instead of counting
 * a new start. Called at the first event, after the hooks that open it.
 */
export function useVisitEvents(config: SurveyConfig, form: UseFormReturn<Answers>, questionId: string, opening?: () => Promise<unknown>) {
  // Made at the first event, after a draft may have restored its visit id and hidden values (useDraft's effects run first).
  const made = useRef<Tracker>(undefined);
  const ready = useRef<Promise<unknown>>(undefined);
  // Every use waits for the same opening, in the order it was asked for: events keep their order.
  const afterOpening = (use: (recorder: Recorder) => void) => {
    ready.current ??= opening?.() ?? Promise.resolve();
    void ready.current.then(() => withRecorder(use));
  };
  const record = (events: (tracker: Tracker) => VisitEvent[]) =>
    afterOpening(([{ visitTracker }, { queueVisitEvents }]) => {
      if (!made.current) {
        const answers = form.getValues();
        const hidden = Object.fromEntries(hiddenFields(config).map((field) => [field.id, String(answers[field.id] ?? "")]));
        made.current = visitTracker(config, String(answers[VISIT_ID.id]), hidden);
      }
      queueVisitEvents(events(made.current));
    });

  useEffect(() => {
    record((tracker) => tracker.opened());
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

  useEffect(() => record((tracker) => tracker.questionShown(questionId)), [questionId]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && !isEmptyAnswer((values as Answers)[name])) record((tracker) => tracker.answered());
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return {
    submitted() {
      record((tracker) => tracker.submitted());
      afterOpening(([, sender]) => sender.flushVisitEvents());
    },
  };
}
