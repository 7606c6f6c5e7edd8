// @vitest-environment jsdom
/**
 * What the device keeps of a response with a receipt, in the order the
 * page writes it: a second try that the database refuses (one response per
 * person) leaves the stored response's code in place, for the thank-you and
 * data pages; a retry of one response keeps its code; a response deleted on
 * the data page leaves no answers for the "already answered" notice.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { RECEIPT_COLUMN } from "../../src/core/receipt.ts";
import { forgetSent, readOnceRecord, recordSent } from "../../src/once/once-record.ts";
import { confirmReceipt, keptReceipt, newestReceipt, withReceipt } from "../../src/receipt/receipt-storage.ts";

const SURVEY = "recibo";
const codeSent = (responseId: string) => String(withReceipt(SURVEY, { nombre: "Ana" }, responseId)[RECEIPT_COLUMN]);

beforeEach(() => window.localStorage.clear());

describe("the receipt on the device", () => {
  test("a second try refused by the database keeps the stored response's code", () => {
    const stored = codeSent("first");
    confirmReceipt(SURVEY);
    const refused = codeSent("second");
    expect(refused).not.toBe(stored);
    // The insert was refused: nothing is confirmed.
    expect(keptReceipt(SURVEY)?.code).toBe(stored);
    expect(newestReceipt([SURVEY])?.code).toBe(stored);
  });

  test("every try of one response sends the same code, which becomes the receipt once stored", () => {
    const first = codeSent("one");
    expect(codeSent("one")).toBe(first);
    expect(keptReceipt(SURVEY)).toBeUndefined();
    confirmReceipt(SURVEY);
    expect(keptReceipt(SURVEY)?.code).toBe(first);
    // A new response of this device, stored, is the receipt from then on.
    const next = codeSent("two");
    confirmReceipt(SURVEY);
    expect(keptReceipt(SURVEY)?.code).toBe(next);
  });

  test("a try an earlier version left unconfirmed is retried with its code", () => {
    window.localStorage.setItem(`survey-receipt:${SURVEY}`, JSON.stringify({ responseId: "old", code: "ABCDEFGHJKMNPQRS", stored: false, at: 0 }));
    expect(codeSent("old")).toBe("ABCDEFGHJKMNPQRS");
  });
});

describe("a response deleted on the data page", () => {
  test("leaves the device no answers to show as already sent, and keeps its browser key", () => {
    const record = readOnceRecord(SURVEY);
    recordSent(SURVEY, record, { nombre: "Ana" }, undefined);
    expect(readOnceRecord(SURVEY).sent).toBeDefined();
    forgetSent(SURVEY);
    expect(readOnceRecord(SURVEY)).toEqual({ key: record.key });
  });
});
