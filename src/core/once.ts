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
export const ONCE_ERROR_CODES = { linkInvalid: "SV011", browserKeyMissing: "SV012", taken: "SV013", botCheckFailed: "SV021" } as const;

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

/** Why the database refused a response for these features, from its error code. */
export type OnceRefusal = "answered" | "linkInvalid" | "fieldTaken" | "botCheckFailed";

/**
 * A key already taken is SV013 (the database looks before it inserts, and
 * a retry of the very response that holds the key is let through to the
 * primary key, which the page reads as stored). Two sends with one key in
 * the same instant, from two tabs, can both pass that look; the unique
 * index then refuses the second with 23505, which the page reads as stored:
 * true, one response with that key is.
 */
export function onceRefusalOf(config: Pick<SurveyConfig, "oncePer">, error: { code?: string }): OnceRefusal | undefined {
  switch (error.code) {
    case ONCE_ERROR_CODES.linkInvalid:
      return "linkInvalid";
    case ONCE_ERROR_CODES.botCheckFailed:
      return "botCheckFailed";
    case ONCE_ERROR_CODES.taken:
      return oncePolicy(config) === "field" ? "fieldTaken" : "answered";
    default:
      return undefined;
  }
}
