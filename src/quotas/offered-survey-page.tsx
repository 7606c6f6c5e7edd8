import { SurveyPage } from "../pages/survey-page.tsx";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { useOfferedQuestions } from "./use-offered-questions.ts";

/** The survey's page with the options of its full quotas taken away (a site without quotas renders SurveyPage itself). */
export function OfferedSurveyPage({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  return <SurveyPage config={useOfferedQuestions(config)} submit={submit} />;
}
