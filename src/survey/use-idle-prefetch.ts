import { useEffect } from "react";
import { prefetchSubmitPath } from "../data/submit-response.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { preloadQuestionTypes } from "../questions/registry.ts";
import { loadToaster } from "../ui/lazy-toaster.tsx";

/** While the respondent reads the first question, fetch the other question types, the submit path and the notices. */
export function useIdlePrefetch(config: SurveyConfig) {
  useEffect(() => {
    const prefetch = () => {
      void preloadQuestionTypes(config.questions.map((question) => question.type));
      prefetchSubmitPath();
      void loadToaster().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1000);
    return () => clearTimeout(timer);
  }, [config]);
}
