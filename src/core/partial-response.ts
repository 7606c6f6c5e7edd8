/**
 * Partial responses (a survey's `partialResponses: true`): the row is kept
 * on the server as the respondent goes, one row per response, marked
 * finished by the final submit. What the page, the database generator and
 * the report agree on lives here: the extra columns, the bounds of a time
 * per question, and the "continue later" link.
 *
 * Invariants: the secret never leaves the device except in the link the
 * respondent asks for and in the save request (the database keeps its
 * SHA-256 only); a time per question is a whole number of milliseconds in
 * [0, MAX_QUESTION_MS], whatever the clock said.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

/** The columns a survey with partial responses has besides its answers. */
export const PARTIAL_COLUMNS = {
  finished: "finished",
  lastStep: "last_step",
  questionMs: "question_ms",
  secretHash: "secret_hash",
  updatedAt: "updated_at",
  saveNumber: "save_number",
} as const;

/** Ten minutes on one question is already more reading than answering; beyond it the time says nothing. */
export const MAX_QUESTION_MS = 10 * 60 * 1000;

/** The database functions through which the public key saves and resumes its own row (PostgREST's /rpc/<name>). */
export const partialFunctionName = (table: string, verb: "save" | "resume"): string => `${table}_${verb}_partial`;

export const usesPartialResponses = (config: Pick<SurveyConfig, "partialResponses">): boolean => config.partialResponses === true;

/** A time per question as stored: negative, NaN or infinite clocks give 0, huge ones the maximum. */
export function clampQuestionMs(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return ms === Infinity ? MAX_QUESTION_MS : 0;
  return Math.min(Math.round(ms), MAX_QUESTION_MS);
}

/** `times` with `ms` more on `questionId`, the sum clamped. */
export function addQuestionMs(times: Readonly<Record<string, number>>, questionId: string, ms: number): Record<string, number> {
  return { ...times, [questionId]: clampQuestionMs((times[questionId] ?? 0) + clampQuestionMs(ms)) };
}

/** 32 random bytes, base64url: what only the respondent's device (and their link) knows. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export interface ResumeKey {
  responseId: string;
  secret: string;
}

const RESUME_PARAM = "continuar";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The "continue later" link: the survey's page with the key in the fragment,
 * which browsers never send to a server, so no access log or referrer holds it.
 */
export function resumeLink(pageUrl: string, key: ResumeKey): string {
  const url = new URL(pageUrl);
  url.hash = `${RESUME_PARAM}=${key.responseId}.${key.secret}`;
  return url.toString();
}

/** The key in a page's fragment, or undefined when it carries none (or a malformed one). */
export function resumeKeyOf(hash: string): ResumeKey | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get(RESUME_PARAM);
  const [responseId, secret, ...rest] = (value ?? "").split(".");
  if (rest.length || !responseId || !secret || !UUID.test(responseId) || !SECRET.test(secret)) return undefined;
  return { responseId: responseId.toLowerCase(), secret };
}
