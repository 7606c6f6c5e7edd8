/**
 * A survey with a once policy or the bot check: its notice instead of the
 * questions when the page already knows the answer is no (use-once.ts),
 * else the usual runner, whose responses carry the key and the solution and
 * whose refusals are said in the survey's words (explained-refusal.ts).
 */
import type { CampaignRefusal } from "../core/campaign.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import type { SubmitResponse } from "../data/submit-response.ts";
import { SurveyRunner } from "../survey/survey-runner.tsx";
import { OnceNotice } from "./once-notice.tsx";
import { useOnce } from "./use-once.ts";

/** Whether a survey mounts this gate; exported here so that the page imports one module of src/once/ (stubbed on sites without the features). */
export { usesOnceOrBotCheck } from "../core/once.ts";

interface OnceGateProps {
  config: ResolvedSurvey;
  submit: SubmitResponse;
  onCampaignRefused?: (refusal: CampaignRefusal) => void;
}

export function OnceGate({ config, submit, onCampaignRefused }: OnceGateProps) {
  const once = useOnce(config, submit);
  if (once.notice) return <OnceNotice config={config} kind={once.notice.kind} sent={once.notice.sent} />;
  return <SurveyRunner config={config} submit={once.submit} onCampaignRefused={onCampaignRefused} explainRefusal={once.explained} />;
}
