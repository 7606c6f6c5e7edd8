/**
 * The notices of a survey outside its campaign: not open yet, closed, full
 * (only those its file gives a reason for), in the survey's words. All are
 * in the markup and the stylesheet shows the one <html data-campaign> names
 * (use-campaign.ts). A prerendered page may be served long after it was
 * built, so its window is decided by an inline script that runs before the
 * questions below it are even parsed: a closed survey never flashes its
 * first question.
 */
import { useSyncExternalStore } from "react";
import { campaignRefusals, type Campaign, type CampaignRefusal } from "../core/campaign.ts";
import type { MessageTexts } from "../core/resolve-survey.ts";

/**
 * campaignState() as a few bytes of inline script: it must run before any
 * module has loaded. tests/survey/campaign-notices.test.tsx holds the two to
 * the same answers.
 */
export function prePaintScript({ opensAt, closesAt }: Campaign): string {
  const instant = (time: string | undefined) => (time ? Date.parse(time) : "null");
  return `(function(n,o,c){document.documentElement.dataset.campaign=o!==null&&n<o?"notYetOpen":c!==null&&n>=c?"closed":"open"})(Date.now(),${instant(opensAt)},${instant(closesAt)})`;
}

function noticeTexts(messages: MessageTexts): Record<CampaignRefusal, [string, string]> {
  return {
    notYetOpen: [messages.notYetOpenTitle, messages.notYetOpenDescription],
    closed: [messages.closedTitle, messages.closedDescription],
    full: [messages.fullTitle, messages.fullDescription],
  };
}

const noSubscription = () => () => undefined;

/**
 * True on the server and while hydrating its HTML, false in a client render
 * (a page reached by a link), where a script element would never run and
 * use-campaign.ts decides before paint instead.
 */
const useServerHtml = () => useSyncExternalStore(noSubscription, () => false, () => true);

export function CampaignNotices({ campaign, messages }: { campaign: Campaign; messages: MessageTexts }) {
  const texts = noticeTexts(messages);
  const serverHtml = useServerHtml();
  return (
    <>
      {serverHtml && (campaign.opensAt || campaign.closesAt) && <script dangerouslySetInnerHTML={{ __html: prePaintScript(campaign) }} />}
      {campaignRefusals(campaign).map((refusal) => (
        <section key={refusal} className="page-card campaign-notice" data-state={refusal}>
          <h1>{texts[refusal][0]}</h1>
          <p>{texts[refusal][1]}</p>
        </section>
      ))}
    </>
  );
}
