import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { SurveyRunner } from "../survey/survey-runner.tsx";
import { useDocumentLanguage } from "./use-document-language.ts";

export function SurveyPage({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  useDocumentLanguage(config.language);
  return (
    <main className="page" lang={config.language}>
      <title>{config.pageTitle}</title>
      <SurveyRunner config={config} submit={submit} />
    </main>
  );
}
