/**
 * Quality flags (a survey's `quality`): judgement rules under which a
 * response is stored with flags instead of being refused. The database
 * computes the flags (scripts/sql/quality-sql.ts) on every insert and update,
 * whatever the page sent in their column; the report and the results site
 * can leave flagged responses out. A survey without `quality` has no such
 * column and keeps today's behaviour: a filled honeypot is refused.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

/** The column of a response's flags: text[], empty when none applies. */
export const QUALITY_COLUMN = "quality";

/** Each rule's flag, as stored. */
export const QUALITY_FLAGS = { tooFast: "too_fast", honeypot: "honeypot", sameAnswers: "same_answers" } as const;

/** A matrix needs this many answered rows before all of them alike says something. */
export const SAME_ANSWERS_MIN_ROWS = 3;

export const usesQuality = (config: Pick<SurveyConfig, "quality">): boolean => config.quality !== undefined;

/** The report's and the results site's filter that keeps the unflagged responses only (column = value, as --where). */
export const UNFLAGGED_FILTER: Readonly<Record<string, string>> = { [QUALITY_COLUMN]: "{}" };
