/**
 * The draft: a respondent's unfinished answers as kept in their own browser,
 * so a reload, a closed tab or a killed in-app browser resumes where they left
 * off. Nothing here touches storage; this is the format and its lifetime.
 *
 * Invariants: a stored draft is plain JSON with a version; reading never
 * throws (anything malformed, from another version or older than
 * DRAFT_MAX_AGE_MS reads as "no draft"); the answers are kept as found and
 * only trusted after fitDraft (draft-fit.ts) has checked them against the
 * survey file of today.
 */
import type { Question, SurveyConfig } from "../generated/survey-config.ts";
import { emptyAnswers, type Answers } from "./answers.ts";

export const DRAFT_VERSION = 1;
/** A shared phone does not keep answers forever: 30 days after the last change. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const KEY_PREFIX = "survey-draft:";

export interface Draft {
  /** The question on screen when saved, by id (survives questions added before it) and by position. */
  questionId: string;
  index: number;
  /** As found in storage: checked by fitDraft before use. */
  answers: Record<string, unknown>;
  /** Each question's type when saved: an answer only goes back into a question of the same type. */
  types: Record<string, Question["type"]>;
  /** The row id of this response, kept so that a submit retried after a reload still stores one row. */
  responseId: string;
  savedAt: number;
  /** State other features keep with the answers (such as hidden URL fields), restored as is. */
  extra: Record<string, string>;
}

export interface DraftState {
  index: number;
  answers: Answers;
  responseId: string;
  extra?: Record<string, string>;
}

export function draftKey(config: Pick<SurveyConfig, "id">): string {
  return `${KEY_PREFIX}${config.id}`;
}

export function isDraftKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

export function serializeDraft(config: SurveyConfig, state: DraftState, now: number): string {
  const types = Object.fromEntries(config.questions.map((question) => [question.id, question.type]));
  const questionId = config.questions[state.index]?.id ?? "";
  const draft: Draft = { questionId, index: state.index, answers: state.answers, types, responseId: state.responseId, savedAt: now, extra: state.extra ?? {} };
  return JSON.stringify({ version: DRAFT_VERSION, ...draft });
}

/** Past question 1 or anything answered: worth keeping. Otherwise there is nothing to resume. */
export function hasProgress(config: SurveyConfig, state: Pick<DraftState, "index" | "answers">): boolean {
  if (state.index > 0) return true;
  const empty = emptyAnswers(config);
  return Object.entries(state.answers).some(([id, value]) => JSON.stringify(value) !== JSON.stringify(empty[id]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const stringsOnly = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string")) : {};

/** The draft in `text`, or undefined when there is none, it is unreadable, or it has expired. */
export function parseDraft(text: string | null, now: number): Draft | undefined {
  if (!text) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data) || data.version !== DRAFT_VERSION) return undefined;
  const { questionId, index, answers, types, responseId, savedAt, extra } = data;
  if (typeof questionId !== "string" || !Number.isInteger(index) || !isRecord(answers) || !isRecord(types)) return undefined;
  if (typeof responseId !== "string" || !UUID.test(responseId) || typeof savedAt !== "number" || isExpired(savedAt, now)) return undefined;
  return { questionId, index: index as number, answers, types: stringsOnly(types) as Draft["types"], responseId, savedAt, extra: stringsOnly(extra) };
}

/** Expired after DRAFT_MAX_AGE_MS; a time in the future (a clock put back) counts as fresh. */
export function isExpired(savedAt: number, now: number): boolean {
  return now - savedAt > DRAFT_MAX_AGE_MS;
}
