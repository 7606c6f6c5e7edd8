/**
 * The partial response's key on this device (localStorage, beside the
 * draft): the row id, the secret, the times so far and the number of saves
 * made, so that a reload keeps saving into the same row, each save numbered
 * above the last. Removed once the response is finished.
 * Storage may be missing or full (private modes): then the key lives as long
 * as the page, which the draft's own fallback matches.
 */
import type { ResumeKey } from "../core/partial-response.ts";

export interface KeptKey extends ResumeKey {
  times: Record<string, number>;
  saves: number;
}

const storageKey = (surveyId: string) => `survey-partial:${surveyId}`;

export function readKey(surveyId: string): KeptKey | undefined {
  try {
    const kept = JSON.parse(window.localStorage.getItem(storageKey(surveyId)) ?? "null") as Partial<KeptKey> | null;
    if (typeof kept?.responseId !== "string" || typeof kept.secret !== "string") return undefined;
    return {
      responseId: kept.responseId,
      secret: kept.secret,
      times: typeof kept.times === "object" && kept.times ? kept.times : {},
      saves: Number.isSafeInteger(kept.saves) && kept.saves! >= 0 ? kept.saves! : 0,
    };
  } catch {
    return undefined;
  }
}

export function writeKey(surveyId: string, key: KeptKey): void {
  try {
    window.localStorage.setItem(storageKey(surveyId), JSON.stringify(key));
  } catch {
    // No storage: the key lasts as long as the page.
  }
}

export function forgetKey(surveyId: string): void {
  try {
    window.localStorage.removeItem(storageKey(surveyId));
  } catch {
    // Nothing kept.
  }
}
