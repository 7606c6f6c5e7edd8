/**
 * Wires the draft (src/core/draft*.ts) to the form: restores it once the page
 * is live, saves it as the respondent goes, removes it when the response is
 * stored or the respondent starts over.
 *
 * Restoring waits for the first effect: the page is prerendered empty, and
 * hydration must see what the HTML shows. Saving never runs inside a
 * keystroke or an Enter: a change only arms a timer, and the write happens
 * once typing pauses, when the browser is idle, or at once when the page is
 * hidden or closed (the in-app browser may be killed in the background then).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { Answers } from "../core/answers.ts";
import { draftKey, hasProgress, parseDraft, serializeDraft } from "../core/draft.ts";
import { carriedOver, fitDraft, inDraftOrder } from "../core/draft-fit.ts";
import { uuidV4 } from "../core/uuid.ts";
import { readDraftText, removeDraftText, removeStaleDrafts, writeDraftText } from "../data/draft-storage.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { SITE_SHUFFLE } from "../core/site-shuffle.ts";

export const QUIET_MS = 400;

/**
 * Runs `task` once typing has paused and the browser is idle; returns a cancel.
 * An idle callback's handle is cancelled only with cancelIdleCallback: the two
 * kinds of handle are counted apart and often equal, and clearTimeout with an
 * idle handle cancelled another timer of the page (once, the end of the slide
 * to the next question, which left the question inert).
 */
export function whenQuiet(task: () => void): () => void {
  let cancelIdle = () => {};
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(task, { timeout: 1000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const fallback = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(fallback);
    }
  }, QUIET_MS);
  return () => {
    window.clearTimeout(timer);
    cancelIdle();
  };
}

export function useDraft(config: ResolvedSurvey, form: UseFormReturn<Answers>, index: number, jumpTo: (index: number) => void) {
  const key = draftKey(config);
  const enabled = config.drafts !== false;
  // One id per response, kept in the draft: however many tries (or reloads), one row.
  const [responseId] = useState(() => ({ current: uuidV4() }));
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const indexNow = useRef(index);
  indexNow.current = index;
  const cancelPending = useRef<(() => void) | undefined>(undefined);
  const changed = useRef(false);
  const stored = useRef(false);

  // The survey as last shown: the same survey in another language (a language switch) keeps the draft's hooks and the answers on screen.
  const shown = useRef(config);
  shown.current = config;

  const write = useCallback(() => {
    cancelPending.current = undefined;
    if (stored.current) return;
    const state = { index: indexNow.current, answers: form.getValues(), responseId: responseId.current };
    if (hasProgress(shown.current, state)) writeDraftText(key, serializeDraft(shown.current, state, Date.now()));
    else removeDraftText(key);
  }, [form, key, responseId]);

  const schedule = useCallback(() => {
    changed.current = true;
    cancelPending.current?.();
    cancelPending.current = whenQuiet(write);
  }, [write]);

  useEffect(() => {
    if (!enabled) {
      removeDraftText(key);
      return;
    }
    const now = Date.now();
    removeStaleDrafts(now);
    const draft = parseDraft(readDraftText(key), now);
    // A survey that shuffles restores into the draft's own order: its question index is a place in that order.
    const restored = draft && fitDraft(SITE_SHUFFLE ? inDraftOrder(shown.current, draft) : shown.current, draft);
    if (!draft || !restored) return;
    responseId.current = draft.responseId;
    form.reset({ ...restored.answers, ...carriedOver(shown.current, draft, form.getValues()) }, { keepDefaultValues: true });
    jumpTo(restored.index);
    setRestoredAt(restored.index);
  }, [enabled, form, jumpTo, key, responseId]);

  useEffect(() => {
    if (!enabled) return;
    const subscription = form.watch(schedule);
    const flush = () => {
      if (!cancelPending.current) return;
      cancelPending.current();
      write();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      flush();
    };
  }, [enabled, form, schedule, write]);

  // The question reached is part of the draft. The notice belongs to the question it resumed on: leaving it ends the notice.
  const shownIndex = useRef(index);
  useEffect(() => {
    const left = shownIndex.current;
    if (left === index) return;
    shownIndex.current = index;
    if (enabled && changed.current) schedule();
    setRestoredAt((at) => (at === left ? null : at));
  }, [enabled, index, schedule]);

  /** The response is stored: nothing of it stays on the device. */
  const clear = useCallback(() => {
    stored.current = true;
    cancelPending.current?.();
    removeDraftText(key);
  }, [key]);

  const startOver = useCallback(() => {
    form.reset();
    cancelPending.current?.();
    removeDraftText(key);
    changed.current = false;
    responseId.current = uuidV4();
    jumpTo(0);
    setRestoredAt(null);
  }, [form, jumpTo, key, responseId]);

  // The holder itself, not a getter: a response that continues a row kept on the server (a "continue later" link) takes that row's id into it.
  return { restored: restoredAt !== null && restoredAt === index, responseId, clear, startOver };
}
