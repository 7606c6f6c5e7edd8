/**
 * Input made on the prerendered page before its script ran. The page is
 * readable, and looks ready, well before it is: a small inline script
 * (scripts/capture-early-input.ts) records the presses on its buttons (an
 * option, a checkbox, a drop-down, Próximo, even while disabled) and the
 * Enter and arrow keys, and this replays them, in order, once the page has
 * hydrated. Text typed into a box needs no replay: the box keeps it, and the
 * text question reads it when it hydrates.
 */
import { useEffect } from "react";
import type { EarlyInput } from "./early-input-records.ts";

const nextTask = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** A button turns enabled once the answer it waits for is valid; it may take the form a few renders to see that. */
async function enabled(target: HTMLElement): Promise<boolean> {
  for (let tries = 0; tries < 20 && target instanceof HTMLButtonElement && target.disabled; tries++) await nextTask(50);
  return !(target instanceof HTMLButtonElement && target.disabled);
}

/** Each record in turn, a task apart so that React has rendered the one before; elements no longer on the page are skipped. */
export async function replayEarlyInput(records: EarlyInput[]): Promise<void> {
  for (const [target, key] of records) {
    await nextTask();
    if (!target.isConnected) continue;
    if (key) target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    else if (await enabled(target)) target.click();
  }
}

/** Rendered beside the hydrated app: its effect runs once the page has hydrated. */
export function EarlyInputReplay({ records }: { records: EarlyInput[] }) {
  useEffect(() => void replayEarlyInput(records.splice(0)), [records]);
  return null;
}
