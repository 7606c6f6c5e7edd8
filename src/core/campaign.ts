/**
 * A survey's campaign: the window in which it takes responses (opensAt,
 * closesAt) and its response limit (maxResponses). The page decides the
 * window by the respondent's clock when it opens; the database decides all
 * three by its own clock and counter (scripts/sql/campaign-sql.ts) and
 * refuses a response with one of the SQLSTATEs below, which the page maps
 * back to the same notice. Only the database can know the survey is full.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

/** Why the survey takes no response now. */
export type CampaignRefusal = "notYetOpen" | "closed" | "full";

/** What the page shows: the questions, or one of the notices. */
export type CampaignState = "open" | CampaignRefusal;

/** The database's own error codes (class "SV", not PostgreSQL's), one per refusal. */
export const CAMPAIGN_ERROR_CODES: Readonly<Record<CampaignRefusal, string>> = { notYetOpen: "SV001", closed: "SV002", full: "SV003" };

export type Campaign = Pick<SurveyConfig, "opensAt" | "closesAt" | "maxResponses">;

/** The notices a survey can ever show: only those its file gives a reason for. */
export function campaignRefusals(campaign: Campaign): CampaignRefusal[] {
  return [campaign.opensAt && "notYetOpen", campaign.closesAt && "closed", campaign.maxResponses && "full"].filter(Boolean) as CampaignRefusal[];
}

/** The window at `now` (ms since the epoch): closing at closesAt means closed from that instant on. */
export function campaignState({ opensAt, closesAt }: Campaign, now: number): CampaignState {
  if (opensAt && now < Date.parse(opensAt)) return "notYetOpen";
  if (closesAt && now >= Date.parse(closesAt)) return "closed";
  return "open";
}

/** The refusal a database error code stands for, if any. */
export function campaignRefusalOf(code: string | undefined): CampaignRefusal | undefined {
  return (Object.keys(CAMPAIGN_ERROR_CODES) as CampaignRefusal[]).find((refusal) => CAMPAIGN_ERROR_CODES[refusal] === code);
}
