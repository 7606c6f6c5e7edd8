import { useMemo } from "react";
import { resolveTexts } from "../core/resolve-texts.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import { SurveyRunner } from "../survey/survey-runner.tsx";

export function SurveyPage({ config, submit }: { config: SurveyConfig; submit: SubmitResponse }) {
  const resolved = useMemo(() => resolveTexts(config), [config]);
  return (
    <main className="page" lang={resolved.language}>
      <title>{resolved.pageTitle}</title>
      <SurveyRunner config={resolved} submit={submit} />
    </main>
  );
}
