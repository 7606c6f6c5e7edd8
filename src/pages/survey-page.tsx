import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { CampaignNotices } from "../survey/campaign-notices.tsx";
import { SurveyRunner } from "../survey/survey-runner.tsx";
import { useCampaign } from "../survey/use-campaign.ts";
import { languagePath } from "../core/translations.ts";
import { PageMeta } from "./page-meta.tsx";
import { useDocumentLanguage } from "./use-document-language.ts";

export function SurveyPage({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  useDocumentLanguage(config.language);
  const campaign = useCampaign(config);
  const alternates = config.languageNames && config.languages!.map((language) => ({ language, path: languagePath(config, language) }));
  return (
    <main className="page" lang={config.language}>
      <PageMeta title={config.pageTitle} language={config.language} path={languagePath(config, config.language)} description={config.description} image={config.image} alternates={alternates} />
      <CampaignNotices campaign={config} messages={config.messages} />
      <SurveyRunner config={config} submit={submit} onCampaignRefused={campaign.refuse} />
    </main>
  );
}
