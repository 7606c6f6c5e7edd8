/**
 * Notices when the file changes on disk while it is open (a code editor, a
 * git pull): every few seconds, and when the editor's tab comes back into
 * view, the file is read again and compared with the text last read or saved.
 */
import { useEffect, useRef } from "react";
import { readSurvey } from "./api.ts";

const EVERY_MS = 2000;

export function useDiskWatch(name: string, base: string, onChanged: (disk: string) => void) {
  const latest = useRef({ base, onChanged });
  latest.current = { base, onChanged };
  useEffect(() => {
    const look = () => {
      const asked = latest.current.base;
      readSurvey(name).then(
        // A read begun before the editor's own save may return the file as it was: it counts only if the base is still the one it was asked under.
        (disk) => disk !== latest.current.base && latest.current.base === asked && latest.current.onChanged(disk),
        () => undefined,
      );
    };
    const timer = window.setInterval(look, EVERY_MS);
    window.addEventListener("focus", look);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", look);
    };
  }, [name]);
}
