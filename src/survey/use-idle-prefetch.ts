import { useEffect } from "react";
import { prefetchSubmitPath } from "../data/submit-response.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { preloadQuestionTypes } from "../question-types/inputs.ts";
import { loadToaster } from "../ui/lazy-toaster.tsx";

/**
 * While the respondent reads the first question, fetch the other question
 * types, the submit path and the notices, one in each idle period: every
 * import() does its preload bookkeeping in the DOM on the main thread, and
 * all of them at once made a task that kept a phone from answering a tap for
 * 25–100 ms at 4x CPU throttling (Lighthouse's TBT).
 */
export function useIdlePrefetch(config: SurveyConfig) {
  useEffect(() => {
    const types = [...new Set(config.questions.map((question) => question.type))];
    return eachWhenIdle([...types.map((type) => () => void preloadQuestionTypes([type])), prefetchSubmitPath, () => void loadToaster().catch(() => undefined)]);
  }, [config]);
}

/** Runs each step in an idle period of its own, in order; returns the cancel. Without requestIdleCallback (Safari): after 1 s, then a step per task. */
function eachWhenIdle(steps: (() => void)[]): () => void {
  let next = 0;
  let cancel = () => {};
  const schedule = () => {
    if (next >= steps.length) return;
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(run, next === 0 ? 1000 : 50);
      cancel = () => clearTimeout(timer);
    }
  };
  const run = () => {
    steps[next++]!();
    schedule();
  };
  schedule();
  return () => cancel();
}
