/**
 * What this browser keeps for a survey with a once policy, in localStorage
 * under "once:<survey id>": its browser key (random, made on the first
 * visit, sent with the response under "browser") and, once a response is
 * stored, what was sent and with which personal link, so that the page can
 * say "already answered" before the respondent starts and show it. Storage
 * may be off or full: then the page runs without it, and the database still
 * refuses a second response it can recognise.
 */
import type { Answers } from "../core/answers.ts";
import { uuidV4 } from "../core/uuid.ts";

export interface OnceRecord {
  key: string;
  sent?: { answers: Answers; link?: string };
}

const storageKey = (surveyId: string) => `once:${surveyId}`;

function parse(text: string | null): OnceRecord | undefined {
  try {
    const record = text ? (JSON.parse(text) as OnceRecord) : undefined;
    return typeof record?.key === "string" ? record : undefined;
  } catch {
    return undefined;
  }
}

function write(surveyId: string, record: OnceRecord): void {
  try {
    window.localStorage.setItem(storageKey(surveyId), JSON.stringify(record));
  } catch (error) {
    console.warn(`[survey] ${surveyId}: the browser's storage refused the once record; the database still checks`, error);
  }
}

/** This browser's record for the survey, made (with a new key) on the first visit. */
export function readOnceRecord(surveyId: string): OnceRecord {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey(surveyId));
  } catch {
    // Storage off: a key for this visit only.
  }
  const record = parse(stored);
  if (record) return record;
  const fresh = { key: uuidV4() };
  write(surveyId, fresh);
  return fresh;
}

export function recordSent(surveyId: string, record: OnceRecord, answers: Answers, link: string | undefined): OnceRecord {
  const sent: OnceRecord = { key: record.key, sent: { answers, ...(link && { link }) } };
  write(surveyId, sent);
  return sent;
}

/** The response was deleted (the receipt's data page): the device forgets what was sent, and may answer again. */
export function forgetSent(surveyId: string): void {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey(surveyId));
  } catch {
    return;
  }
  const record = parse(stored);
  if (record?.sent) write(surveyId, { key: record.key });
}
