/**
 * The campaign of a survey table with partial responses
 * (partial-responses-sql.ts): its limit counts finished rows, so the place
 * is taken when a row becomes finished and given back when a finished row
 * is deleted; every save of the public roles is inside the window.
 */
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import { PUBLIC_ROLE } from "./public-role.ts";

const { finished } = PARTIAL_COLUMNS;

export const PARTIAL_CAMPAIGN_GATE_FUNCTION = "survey_private.partial_campaign_gate";
export const PARTIAL_CAMPAIGN_RELEASE_FUNCTION = "survey_private.partial_campaign_release";


/** The campaign's functions for a table with partial responses (the shared ones count every insert). */
export function partialCampaignFunctionsSql(campaignsTable: string): string {
  return `create or replace function ${PARTIAL_CAMPAIGN_GATE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  public_role boolean := ${PUBLIC_ROLE};
  campaign ${campaignsTable};
begin
  select * into campaign from ${campaignsTable} where survey_table = tg_table_name;
  if not found then
    return new;
  end if;
  -- Every save of the public roles is in the window, by the server's clock.
  if public_role and now() < campaign.opens_at then
    raise exception 'this survey is not open yet: it opens at %', campaign.opens_at using errcode = '${CAMPAIGN_ERROR_CODES.notYetOpen}';
  end if;
  if public_role and now() >= campaign.closes_at then
    raise exception 'this survey is closed: it closed at %', campaign.closes_at using errcode = '${CAMPAIGN_ERROR_CODES.closed}';
  end if;
  -- A place is taken when the row becomes finished, once.
  if new.${finished} is not true or (tg_op = 'UPDATE' and old.${finished} is true) then
    return new;
  end if;
  if campaign.max_responses is null or new.created_at < coalesce(campaign.opens_at, '-infinity') then
    return new;
  end if;
  update ${campaignsTable} set responses = responses + 1
   where survey_table = tg_table_name and (responses < max_responses or not public_role);
  if not found then
    raise exception 'this survey has all the responses it takes' using errcode = '${CAMPAIGN_ERROR_CODES.full}';
  end if;
  return new;
end
$$;
create or replace function ${PARTIAL_CAMPAIGN_RELEASE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.${finished} is true then
    update ${campaignsTable} set responses = responses - 1
     where survey_table = tg_table_name and max_responses is not null and old.created_at >= coalesce(opens_at, '-infinity');
  end if;
  return null;
end
$$;
revoke all on function ${PARTIAL_CAMPAIGN_GATE_FUNCTION}() from public, anon, authenticated;
revoke all on function ${PARTIAL_CAMPAIGN_RELEASE_FUNCTION}() from public, anon, authenticated;`;
}
