/**
 * What the inline script of a prerendered page (scripts/capture-early-input.ts)
 * records before the page's scripts run, and where: shared by that script,
 * the app that replays it (src/early-input.tsx) and the build's tests. No
 * React here, so that build-time code can import it.
 */

/** A pressed button (key "") or a key pressed on an element. */
export type EarlyInput = [target: HTMLElement, key: string];

/** Where the inline script keeps its records, until the app takes them. */
export const EARLY_INPUT_GLOBAL = "__earlyInput";

type WithEarlyInput = { [EARLY_INPUT_GLOBAL]?: EarlyInput[] };

/** Takes the records and stops the recording: from here on React's own listeners see every event. */
export function takeEarlyInput(): EarlyInput[] {
  const holder = window as WithEarlyInput;
  const records = holder[EARLY_INPUT_GLOBAL] ?? [];
  delete holder[EARLY_INPUT_GLOBAL];
  return records;
}
