/**
 * Whether the survey takes responses now (src/core/campaign.ts): decided by
 * the clock when the page opens, and changed when the database refuses a
 * response for a campaign reason. The state lives on <html data-campaign>,
 * where the pre-paint script of the prerendered page (campaign-notices.tsx)
 * puts it too, so that the stylesheet alone shows the notice instead of the
 * questions and the markup is the same whatever the clock says (no
 * hydration mismatch). The questions stay mounted underneath, with every
 * answer and the draft kept.
 */
import { useLayoutEffect, useState } from "react";
import { campaignState, type Campaign, type CampaignState } from "../core/campaign.ts";

export function useCampaign(campaign: Campaign) {
  const [state, setState] = useState<CampaignState>(() => campaignState(campaign, Date.now()));
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.campaign = state;
    return () => {
      delete root.dataset.campaign;
    };
  }, [state]);
  return { refuse: setState };
}
