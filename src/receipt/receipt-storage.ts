/**
 * The receipt on the device, in the draft's place (the browser's
 * localStorage, through draft-storage's quiet calls: storage that is full
 * or disabled only means the device forgets the code, never a failed
 * submit). Per survey, two records: the code of the response being sent,
 * made before its first try and kept with its id, so every retry of one
 * response (also after a reload) sends the same code; and the receipt of
 * the response that was stored, the only one the thank-you and data pages
 * show. A try the database refuses (one response per person, a full
 * campaign) never replaces the stored receipt: its code meets no response.
 */
import type { Answers } from "../core/answers.ts";
import { newReceiptCode, normalReceiptCode, RECEIPT_COLUMN } from "../core/receipt.ts";
import { readDraftText, removeDraftText, writeDraftText } from "../data/draft-storage.ts";

const PREFIX = "survey-receipt:";
/** The response being sent; a record here under PREFIX with stored false is of an earlier version. */
const SENDING = "survey-receipt-sending:";

export interface KeptReceipt {
  surveyId: string;
  responseId: string;
  code: string;
  stored: boolean;
  /** When the response was stored (ms since 1970), to show the newest receipt on a shared thank-you page. */
  at: number;
}

function read(key: string, surveyId: string): KeptReceipt | undefined {
  try {
    const kept = JSON.parse(readDraftText(key + surveyId) ?? "null") as Partial<KeptReceipt> | null;
    if (typeof kept?.responseId !== "string" || typeof kept.code !== "string" || !normalReceiptCode(kept.code)) return undefined;
    return { surveyId, responseId: kept.responseId, code: kept.code, stored: kept.stored === true, at: Number(kept.at) || 0 };
  } catch {
    return undefined;
  }
}

const write = (key: string, receipt: KeptReceipt) => writeDraftText(key + receipt.surveyId, JSON.stringify(receipt));

/** The response being sent: its own record, or one an earlier version kept unstored in the receipt's place. */
function sending(surveyId: string): KeptReceipt | undefined {
  const earlier = read(PREFIX, surveyId);
  return read(SENDING, surveyId) ?? (earlier && !earlier.stored ? earlier : undefined);
}

/** The answers with this response's receipt code (the same code for every try of one response). */
export function withReceipt(surveyId: string, answers: Answers, responseId: string): Answers {
  const kept = sending(surveyId);
  const receipt = kept?.responseId === responseId ? kept : { surveyId, responseId, code: newReceiptCode(), stored: false, at: 0 };
  if (receipt !== kept) write(SENDING, receipt);
  return { ...answers, [RECEIPT_COLUMN]: receipt.code };
}

/** The response being sent was stored: its code is now the device's receipt. */
export function confirmReceipt(surveyId: string): void {
  const sent = sending(surveyId);
  if (!sent) return;
  write(PREFIX, { ...sent, stored: true, at: Date.now() });
  removeDraftText(SENDING + surveyId);
}

/** The code of a stored response of this survey that the device keeps. */
export const keptReceipt = (surveyId: string): KeptReceipt | undefined => {
  const kept = read(PREFIX, surveyId);
  return kept?.stored ? kept : undefined;
};

/** The newest stored receipt among these surveys (those that end on one thank-you page). */
export const newestReceipt = (surveyIds: readonly string[]): KeptReceipt | undefined =>
  surveyIds.map(keptReceipt).reduce<KeptReceipt | undefined>((newest, each) => (each && (!newest || each.at > newest.at) ? each : newest), undefined);

/** The response was deleted: the device forgets its code. */
export const forgetReceipt = (surveyId: string): void => removeDraftText(PREFIX + surveyId);
