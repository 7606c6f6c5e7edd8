/**
 * The receipt on the device, in the draft's place (the browser's
 * localStorage, through draft-storage's quiet calls: storage that is full
 * or disabled only means the device forgets the code, never a failed
 * submit). One record per survey: the response it belongs to, its code, and
 * whether the response was stored. The code is made before the first try
 * and kept with the response's id, so every retry of one response (also
 * after a reload) sends the same code; the thank-you and data pages show
 * only the code of a response that was stored.
 */
import type { Answers } from "../core/answers.ts";
import { newReceiptCode, normalReceiptCode, RECEIPT_COLUMN } from "../core/receipt.ts";
import { readDraftText, removeDraftText, writeDraftText } from "../data/draft-storage.ts";

const PREFIX = "survey-receipt:";

export interface KeptReceipt {
  surveyId: string;
  responseId: string;
  code: string;
  stored: boolean;
  /** When the response was stored (ms since 1970), to show the newest receipt on a shared thank-you page. */
  at: number;
}

function read(surveyId: string): KeptReceipt | undefined {
  try {
    const kept = JSON.parse(readDraftText(PREFIX + surveyId) ?? "null") as Partial<KeptReceipt> | null;
    if (typeof kept?.responseId !== "string" || typeof kept.code !== "string" || !normalReceiptCode(kept.code)) return undefined;
    return { surveyId, responseId: kept.responseId, code: kept.code, stored: kept.stored === true, at: Number(kept.at) || 0 };
  } catch {
    return undefined;
  }
}

const write = (receipt: KeptReceipt) => writeDraftText(PREFIX + receipt.surveyId, JSON.stringify(receipt));

/** The answers with this response's receipt code (the same code for every try of one response). */
export function withReceipt(surveyId: string, answers: Answers, responseId: string): Answers {
  const kept = read(surveyId);
  const receipt = kept?.responseId === responseId ? kept : { surveyId, responseId, code: newReceiptCode(), stored: false, at: 0 };
  if (receipt !== kept) write(receipt);
  return { ...answers, [RECEIPT_COLUMN]: receipt.code };
}

/** The response was stored: its code is now worth showing. */
export function confirmReceipt(surveyId: string): void {
  const kept = read(surveyId);
  if (kept) write({ ...kept, stored: true, at: Date.now() });
}

/** The code of a stored response of this survey that the device keeps. */
export const keptReceipt = (surveyId: string): KeptReceipt | undefined => {
  const kept = read(surveyId);
  return kept?.stored ? kept : undefined;
};

/** The newest stored receipt among these surveys (those that end on one thank-you page). */
export const newestReceipt = (surveyIds: readonly string[]): KeptReceipt | undefined =>
  surveyIds.map(keptReceipt).reduce<KeptReceipt | undefined>((newest, each) => (each && (!newest || each.at > newest.at) ? each : newest), undefined);

/** The response was deleted: the device forgets its code. */
export const forgetReceipt = (surveyId: string): void => removeDraftText(PREFIX + surveyId);
