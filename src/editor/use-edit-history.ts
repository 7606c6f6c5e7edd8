/**
 * The file's text and its undo/redo history. Every change is a new text;
 * changes with the same `merge` key in quick succession (typing in one
 * field) make one step, so one undo takes back the whole word or sentence.
 */
import { useCallback, useRef, useState } from "react";

const MERGE_WITHIN_MS = 1500;

interface History {
  texts: string[];
  at: number;
}

export function useEditHistory(initial: string) {
  const [history, setHistory] = useState<History>({ texts: [initial], at: 0 });
  const last = useRef<{ merge?: string; time: number }>({ time: 0 });

  const change = useCallback((text: string, merge?: string) => {
    const now = Date.now();
    const merging = merge !== undefined && merge === last.current.merge && now - last.current.time < MERGE_WITHIN_MS;
    last.current = { merge, time: now };
    setHistory(({ texts, at }) => {
      if (text === texts[at]) return { texts, at };
      const kept = texts.slice(0, merging && at > 0 ? at : at + 1);
      return { texts: [...kept, text], at: kept.length };
    });
  }, []);

  const step = useCallback((by: 1 | -1) => {
    last.current = { time: 0 };
    setHistory(({ texts, at }) => ({ texts, at: Math.min(texts.length - 1, Math.max(0, at + by)) }));
  }, []);

  /** A text from outside (opened, reloaded from disk) starts a new history. */
  const reset = useCallback((text: string) => {
    last.current = { time: 0 };
    setHistory({ texts: [text], at: 0 });
  }, []);

  return {
    text: history.texts[history.at]!,
    change,
    reset,
    undo: () => step(-1),
    redo: () => step(1),
    canUndo: history.at > 0,
    canRedo: history.at < history.texts.length - 1,
  };
}
