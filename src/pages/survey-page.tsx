import { SEVERAL_LANGUAGES } from "../core/site-languages.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { CampaignNotices } from "../survey/campaign-notices.tsx";
import { ConsentGate } from "../consent/consent-gate.tsx";
import { SITE_CONSENT } from "../core/site-consent.ts";
import { SurveyRunner } from "../survey/survey-runner.tsx";
import { OnceGate, usesOnceOrBotCheck } from "../once/once-gate.tsx";
import { ONCE_FEATURES } from "../once/site-once.ts";
import { useCampaign } from "../survey/use-campaign.ts";
import { PageMeta } from "./page-meta.tsx";
import { useDocumentLanguage } from "./use-document-language.ts";

export function SurveyPage({ config, submit }: { config: ResolvedSurvey; submit: SubmitResponse }) {
  useDocumentLanguage(config.language);
  const campaign = useCampaign(config);
  const pages = SEVERAL_LANGUAGES ? config.languagePages : undefined;
  const runner =
    ONCE_FEATURES && usesOnceOrBotCheck(config) ? (
      <OnceGate config={config} submit={submit} onCampaignRefused={campaign.refuse} />
    ) : (
      <SurveyRunner config={config} submit={submit} onCampaignRefused={campaign.refuse} />
    );
  return (
    <main className="page" lang={config.language}>
      <PageMeta title={config.pageTitle} language={config.language} path={pages?.find((page) => page.language === config.language)!.path ?? config.route} description={config.description} image={config.image} alternates={pages} />
      <CampaignNotices campaign={config} messages={config.messages} />
      {SITE_CONSENT ? <ConsentGate consent={config.consent}>{runner}</ConsentGate> : runner}
    </main>
  );
}
