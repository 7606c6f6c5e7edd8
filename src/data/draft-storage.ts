/**
 * The draft's place on the device: the browser's localStorage, one key per
 * survey. Storage may be full, disabled (private mode, some in-app browsers)
 * or throw on any access: every call here swallows that, and the survey runs
 * on without drafts. A failure is logged once, never shown to the respondent.
 */
import { isDraftKey, parseDraft } from "../core/draft.ts";

let warned = false;

function quietly<T>(what: string, run: (storage: Storage) => T): T | undefined {
  try {
    return run(window.localStorage);
  } catch (error) {
    if (!warned) console.warn(`[survey] drafts off: the browser's storage refused to ${what}`, error);
    warned = true;
    return undefined;
  }
}

export function readDraftText(key: string): string | null {
  return quietly("read", (storage) => storage.getItem(key)) ?? null;
}

export function writeDraftText(key: string, text: string): void {
  quietly("write", (storage) => storage.setItem(key, text));
}

export function removeDraftText(key: string): void {
  quietly("remove", (storage) => storage.removeItem(key));
}

/** Removes every survey's draft that has expired or cannot be read, so a shared phone forgets them. */
export function removeStaleDrafts(now: number): void {
  quietly("clean up", (storage) => {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null && isDraftKey(key));
    for (const key of keys) if (!parseDraft(storage.getItem(key), now)) storage.removeItem(key);
  });
}
