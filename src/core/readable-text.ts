/**
 * A survey text as a reader of the results reads it, away from any one
 * respondent's answers: each recall of an earlier answer,
 * `{answer:<questionId>|<fallback>}`, becomes its fallback (the words a
 * respondent sees before answering), or, without one, a marked placeholder
 * naming the recalled question ("[nombre]"), never the raw syntax. Used by the
 * report, and meant for any other view of the results.
 */
import { RECALL } from "./interpolate.ts";

export const recallMark = (questionId: string): string => `[${questionId}]`;

export function readableText(text: string): string {
  return text.replace(RECALL, (_match, questionId: string, fallback: string | undefined) => (fallback === undefined || fallback.trim() === "" ? recallMark(questionId) : fallback));
}
