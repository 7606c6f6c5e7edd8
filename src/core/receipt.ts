/**
 * Receipts (a survey's `receipt`): after a submit the respondent gets a
 * short code with which, on the survey's data page, they can see, download
 * and delete what they sent. What the page, the database generator and the
 * docs agree on lives here.
 *
 * Invariants: the code is 16 symbols of Crockford's base32 (80 random bits:
 * at 1,000 guesses a minute, a year of guessing finds one of a million
 * responses with a chance below one in a billion), shown in four groups of
 * four; the database keeps only the SHA-256 of its normal form (RECEIPT_COLUMN),
 * so a code can be read again with dashes, spaces, small letters, or O, I
 * and L typed for 0, 1 and 1 — the SQL's normal form is the same.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";

/** The column that holds the code's hash. The page sends the code in it; a trigger keeps only its hash. */
export const RECEIPT_COLUMN = "receipt_hash";

/** Crockford's base32: no I, L, O, U, so nothing is read for something else. */
export const RECEIPT_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RECEIPT_LENGTH = 16;

/** The data page's path under the survey's route when the file names none. */
export const DEFAULT_RECEIPT_PATH = "meus-dados";

export const usesReceipts = (config: Pick<SurveyConfig, "receipt">): boolean => config.receipt !== undefined;

/** The functions through which the public key reads and deletes its own row (PostgREST's /rpc/<name>). */
export const receiptFunctionName = (table: string, verb: "read" | "delete"): string => `${table}_receipt_${verb}`;

/** The data page's address: "<route>/<path>" ("/<path>" for the survey at "/"). */
export function receiptPagePath(config: Pick<SurveyConfig, "route" | "receipt">): string {
  const path = config.receipt?.path ?? DEFAULT_RECEIPT_PATH;
  return `${config.route === "/" ? "" : config.route}/${path}`;
}

/** A new code from 80 random bits (crypto.getRandomValues, in browsers and Node alike). */
export function newReceiptCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECEIPT_LENGTH));
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  return Array.from(bytes, (byte) => RECEIPT_ALPHABET[byte % 32]).join("");
}

/** What the respondent typed, in the form the database hashes: the 16 symbols, or null when it cannot be a code. */
export function normalReceiptCode(typed: string): string | null {
  const code = typed.replace(/[^0-9A-Za-z]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === RECEIPT_LENGTH && [...code].every((symbol) => RECEIPT_ALPHABET.includes(symbol)) ? code : null;
}

/** "ABCD-EFGH-JKMN-PQRS": easy to read aloud and copy from a phone. */
export const groupedReceiptCode = (code: string): string => code.match(/.{1,4}/g)!.join("-");
