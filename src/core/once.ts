/**
 * One response per person (a survey's `oncePer`) and the bot check
 * (`botCheck`): the names and codes the page, the SQL generator
 * (scripts/sql/once-sql.ts) and the links tool share. The database decides;
 * the page only says what it decided, in the survey's words.
 *
 * Every policy stores its key in one column, ONCE_KEY, with a unique index:
 * the browser's own random key ("browser"), the personal link's signed token
 * ("link"), or a digest of the named answer normalised ("field", filled by
 * the database itself). A second response with the same key meets that index.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

export type OncePolicy = NonNullable<SurveyConfig["oncePer"]>;

/** The column that holds a response's key under a policy; unique. */
export const ONCE_KEY = "once_key";
/** The column that carries the bot check's solution (verified, then emptied, by the database). */
export const BOT_CHECK = "altcha";
/** The address parameter of a personal link: /survey?k=<token>. */
export const LINK_PARAMETER = "k";

/** The database's own refusals (class "SV", as the campaign's SV001–SV003). */
export const ONCE_ERROR_CODES = { linkInvalid: "SV011", browserKeyMissing: "SV012", botCheckFailed: "SV021" } as const;

export const oncePolicy = (config: Pick<SurveyConfig, "oncePer">): OncePolicy => config.oncePer ?? "none";

/** Whether the survey's table gets the once or bot-check SQL at all; without either it is exactly as before. */
export const usesOnceOrBotCheck = (config: Pick<SurveyConfig, "oncePer" | "botCheck">): boolean => oncePolicy(config) !== "none" || config.botCheck === true;

/** The messages a survey's page can show for these features; the others are left out of its page. */
export function onceMessagesUnused(config: Pick<SurveyConfig, "oncePer" | "botCheck">): string[] {
  const policy = oncePolicy(config);
  return [
    ...(policy === "none" ? ["onceAnsweredTitle", "onceAnsweredDescription"] : []),
    ...(policy === "link" ? [] : ["onceLinkNeeded"]),
    ...(policy === "field" ? [] : ["onceFieldTaken"]),
    ...(config.botCheck ? [] : ["botCheckFailed"]),
  ];
}

/** Why the database refused a response for these features, from its error (code, details). */
export type OnceRefusal = "answered" | "linkInvalid" | "fieldTaken" | "botCheckFailed";

export function onceRefusalOf(config: Pick<SurveyConfig, "oncePer">, error: { code?: string; details?: string | null; message?: string }): OnceRefusal | undefined {
  if (error.code === ONCE_ERROR_CODES.linkInvalid) return "linkInvalid";
  if (error.code === ONCE_ERROR_CODES.botCheckFailed) return "botCheckFailed";
  // A unique violation names the key it met: the id (a retry of a stored response) or ONCE_KEY.
  if (error.code !== "23505" || !`${error.details ?? ""} ${error.message ?? ""}`.includes(`(${ONCE_KEY})`)) return undefined;
  const policy = oncePolicy(config);
  return policy === "field" ? "fieldTaken" : "answered";
}
