/**
 * The file's text and its undo/redo history. Every change is a new text;
 * changes with the same `merge` key in quick succession (typing in one
 * field) make one step, so one undo takes back the whole word or sentence.
 *
 * A step may also hold the survey's translation files (a restored version
 * brings its own): each later step keeps them, and Undo past the restore
 * goes back to the files as they were on disk before it.
 */
import { useCallback, useRef, useState } from "react";
import type { TranslationFiles } from "./api.ts";

const MERGE_WITHIN_MS = 1500;

interface History {
  texts: string[];
  /** Per step: the translation files it goes with, or undefined for those on disk. */
  files: (TranslationFiles | undefined)[];
  at: number;
}

export function useEditHistory(initial: string) {
  const [history, setHistory] = useState<History>({ texts: [initial], files: [undefined], at: 0 });
  const last = useRef<{ merge?: string; time: number }>({ time: 0 });

  const change = useCallback((text: string, merge?: string) => {
    const now = Date.now();
    const merging = merge !== undefined && merge === last.current.merge && now - last.current.time < MERGE_WITHIN_MS;
    last.current = { merge, time: now };
    setHistory((history) => {
      const { texts, files, at } = history;
      if (text === texts[at]) return history;
      const kept = merging && at > 0 ? at : at + 1;
      return { texts: [...texts.slice(0, kept), text], files: [...files.slice(0, kept), files[at]], at: kept };
    });
  }, []);

  /** A version with its translation files, one step; the step before it keeps the files it replaces (`before`, as on disk). */
  const restore = useCallback((text: string, restored: TranslationFiles, before: TranslationFiles) => {
    last.current = { time: 0 };
    setHistory(({ texts, files, at }) => ({
      texts: [...texts.slice(0, at + 1), text],
      files: [...files.slice(0, at), { ...before, ...files[at] }, { ...files[at], ...restored }],
      at: at + 1,
    }));
  }, []);

  const step = useCallback((by: 1 | -1) => {
    last.current = { time: 0 };
    setHistory((history) => ({ ...history, at: Math.min(history.texts.length - 1, Math.max(0, history.at + by)) }));
  }, []);

  /** A text from outside (opened, reloaded from disk) starts a new history. */
  const reset = useCallback((text: string) => {
    last.current = { time: 0 };
    setHistory({ texts: [text], files: [undefined], at: 0 });
  }, []);

  return {
    text: history.texts[history.at]!,
    files: history.files[history.at],
    change,
    restore,
    reset,
    undo: () => step(-1),
    redo: () => step(1),
    canUndo: history.at > 0,
    canRedo: history.at < history.texts.length - 1,
  };
}
