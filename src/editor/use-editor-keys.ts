/**
 * The editor's keyboard commands, anywhere on the page: Ctrl/⌘+Z undo,
 * Ctrl/⌘+Shift+Z or Ctrl+Y redo (the file's history, not one field's),
 * Ctrl/⌘+S save. And the browser's warning before leaving with unsaved changes.
 */
import { useEffect, useRef } from "react";

interface Commands {
  undo: () => void;
  redo: () => void;
  save: () => void;
  unsaved: boolean;
}

export function useEditorKeys(commands: Commands) {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const command = key === "z" ? (event.shiftKey ? "redo" : "undo") : key === "y" ? "redo" : key === "s" ? "save" : undefined;
      if (!command) return;
      event.preventDefault();
      latest.current[command]();
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      if (latest.current.unsaved) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onLeave);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onLeave);
    };
  }, []);
}
