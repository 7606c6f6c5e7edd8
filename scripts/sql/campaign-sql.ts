/**
 * The campaign in the database (src/core/campaign.ts): each survey table's
 * window and response limit, one row of `survey_private.campaigns`, which
 * PostgREST does not expose, so the public key can neither read how many
 * responses exist nor change the limit.
 *
 * A BEFORE INSERT trigger (security definer, to reach that row) refuses a
 * response of the public roles before opens_at or from closes_at on (by the
 * row's created_at, which is the server's now() for them) and takes a place
 * with one `update … set responses = responses + 1 where responses <
 * max_responses`: the row lock makes concurrent inserts take turns and the
 * second re-reads the count the first left, so no two take the last place,
 * and an insert that fails later gives its place back with its transaction.
 * O(1) per insert; the count is taken once, when the migration sets the
 * campaign, an AFTER DELETE trigger gives deleted rows' places back, and an
 * AFTER TRUNCATE trigger (per statement: TRUNCATE fires no row triggers) gives
 * them all back, so clearing test rows before launch leaves the campaign empty.
 * Responses before opens_at (an earlier campaign's) do not count.
 */
import type { Campaign } from "../../src/core/campaign.ts";
import { CAMPAIGN_ERROR_CODES } from "../../src/core/campaign.ts";
import { lockedBlock, sqlLiteral } from "./sql-text.ts";
import { PARTIAL_COLUMNS } from "../../src/core/partial-response.ts";
import { PARTIAL_CAMPAIGN_GATE_FUNCTION, PARTIAL_CAMPAIGN_RELEASE_FUNCTION, partialCampaignFunctionsSql } from "./partial-campaign-sql.ts";
import { PUBLIC_ROLE } from "./public-role.ts";

export const CAMPAIGNS_TABLE = "survey_private.campaigns";
export const CAMPAIGN_GATE_FUNCTION = "survey_private.campaign_gate";
export const CAMPAIGN_RELEASE_FUNCTION = "survey_private.campaign_release";
export const CAMPAIGN_RESET_FUNCTION = "survey_private.campaign_reset";
export const CAMPAIGN_TRIGGERS = { gate: "campaign_gate", release: "campaign_release", reset: "campaign_reset" } as const;


/** The shared part, run with the API guard (api-guard-sql.ts). */
export function campaignGuardSql(): string {
  return `-- One row per survey table: its window and limit, and how many places are taken.
create table if not exists ${CAMPAIGNS_TABLE} (
  survey_table text primary key,
  opens_at timestamptz,
  closes_at timestamptz,
  max_responses integer check (max_responses > 0),
  responses integer not null default 0
);
revoke all on ${CAMPAIGNS_TABLE} from public, anon, authenticated;
create or replace function ${CAMPAIGN_GATE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  public_role boolean := ${PUBLIC_ROLE};
  campaign ${CAMPAIGNS_TABLE};
begin
  select * into campaign from ${CAMPAIGNS_TABLE} where survey_table = tg_table_name;
  if not found then
    return new;
  end if;
  if public_role and new.created_at < campaign.opens_at then
    raise exception 'this survey is not open yet: it opens at %', campaign.opens_at using errcode = '${CAMPAIGN_ERROR_CODES.notYetOpen}';
  end if;
  if public_role and new.created_at >= campaign.closes_at then
    raise exception 'this survey is closed: it closed at %', campaign.closes_at using errcode = '${CAMPAIGN_ERROR_CODES.closed}';
  end if;
  if campaign.max_responses is null or new.created_at < coalesce(campaign.opens_at, '-infinity') then
    return new;
  end if;
  -- Imports by the service role are counted but never refused.
  update ${CAMPAIGNS_TABLE} set responses = responses + 1
   where survey_table = tg_table_name and (responses < max_responses or not public_role);
  if not found then
    raise exception 'this survey has all the responses it takes' using errcode = '${CAMPAIGN_ERROR_CODES.full}';
  end if;
  return new;
end
$$;
create or replace function ${CAMPAIGN_RELEASE_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update ${CAMPAIGNS_TABLE} set responses = responses - 1
   where survey_table = tg_table_name and max_responses is not null and old.created_at >= coalesce(opens_at, '-infinity');
  return null;
end
$$;
create or replace function ${CAMPAIGN_RESET_FUNCTION}()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update ${CAMPAIGNS_TABLE} set responses = 0 where survey_table = tg_table_name;
  return null;
end
$$;
revoke all on function ${CAMPAIGN_GATE_FUNCTION}() from public, anon, authenticated;
revoke all on function ${CAMPAIGN_RELEASE_FUNCTION}() from public, anon, authenticated;
revoke all on function ${CAMPAIGN_RESET_FUNCTION}() from public, anon, authenticated;`;
}

/** The campaign keys alone, in a fixed order, so that two campaigns compare (and are recorded) as JSON. */
export const campaignOf = ({ opensAt, closesAt, maxResponses }: Campaign): Campaign => ({ opensAt, closesAt, maxResponses });

const timeLiteral = (time: string | undefined) => (time ? `${sqlLiteral(time)}::timestamptz` : "null::timestamptz");

/** The statement that takes a table's campaign row, counting the rows already there (finished ones only with partial responses). */
function campaignUpsert(table: string, { opensAt, closesAt, maxResponses }: Campaign, partial: boolean): string {
  const t = `public.${table}`;
  const opens = timeLiteral(opensAt);
  return `insert into ${CAMPAIGNS_TABLE} (survey_table, opens_at, closes_at, max_responses, responses)
select ${sqlLiteral(table)}, ${opens}, ${timeLiteral(closesAt)}, ${maxResponses ?? "null"}, count(*) from ${t} where created_at >= coalesce(${opens}, '-infinity')${partial ? ` and ${PARTIAL_COLUMNS.finished}` : ""}
on conflict (survey_table) do update
  set opens_at = excluded.opens_at, closes_at = excluded.closes_at, max_responses = excluded.max_responses, responses = excluded.responses;`;
}

/** One table's campaign row; the count is taken with inserts held off, so it is exact. */
export function campaignRowSql(table: string, campaign: Campaign, partial = false): string {
  const { opensAt, closesAt, maxResponses } = campaign;
  return `-- The campaign: window ${opensAt ?? "-"} to ${closesAt ?? "-"}, at most ${maxResponses ?? "any number of"} responses.
${lockedBlock(`public.${table}`, "share row exclusive", campaignUpsert(table, campaign, partial))}`;
}

/**
 * One table's campaign row and the triggers that keep it. With partial
 * responses (partial-responses-sql.ts) the limit counts finished rows: the
 * gate also runs when a row becomes finished, and only finished rows give
 * their place back.
 */
export function campaignTableSql(table: string, campaign: Campaign, partial = false): string {
  const t = `public.${table}`;
  const [gate, gateEvents, release] = partial
    ? [PARTIAL_CAMPAIGN_GATE_FUNCTION, `insert or update of ${PARTIAL_COLUMNS.finished}`, PARTIAL_CAMPAIGN_RELEASE_FUNCTION]
    : [CAMPAIGN_GATE_FUNCTION, "insert", CAMPAIGN_RELEASE_FUNCTION];
  return `${partial ? `${partialCampaignFunctionsSql(CAMPAIGNS_TABLE)}\n` : ""}${campaignRowSql(table, campaign, partial)}
drop trigger if exists ${CAMPAIGN_TRIGGERS.gate} on ${t};
create trigger ${CAMPAIGN_TRIGGERS.gate} before ${gateEvents} on ${t}
  for each row execute function ${gate}();
drop trigger if exists ${CAMPAIGN_TRIGGERS.release} on ${t};
create trigger ${CAMPAIGN_TRIGGERS.release} after delete on ${t}
  for each row execute function ${release}();
drop trigger if exists ${CAMPAIGN_TRIGGERS.reset} on ${t};
create trigger ${CAMPAIGN_TRIGGERS.reset} after truncate on ${t}
  for each statement execute function ${CAMPAIGN_RESET_FUNCTION}();`;
}
