import { useEffect } from "react";
import { prefetchSubmitPath } from "../data/submit-response.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { preloadQuestionTypes } from "../questions/registry.ts";

/** While the respondent reads the first question, fetch the other question types and the submit path. */
export function useIdlePrefetch(config: SurveyConfig) {
  useEffect(() => {
    const prefetch = () => {
      preloadQuestionTypes(config.questions.map((question) => question.type));
      prefetchSubmitPath();
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1000);
    return () => clearTimeout(timer);
  }, [config]);
}
