/**
 * validate's problems with the text as it stands, asked of the editor's
 * server (which runs validate's own modules on it) a moment after typing
 * pauses. `pending` is true until the answer for the current text is in.
 */
import { useEffect, useState } from "react";
import { checkSurvey, type Problem } from "./api.ts";

const PAUSE_MS = 150;

export function useChecks(name: string, text: string) {
  const [checked, setChecked] = useState<{ text: string; problems: Problem[] }>({ text: "", problems: [] });
  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      checkSurvey(name, text).then(
        // The same problems keep the same array, so the question cards they concern need not re-render.
        (problems) => current && setChecked((last) => ({ text, problems: JSON.stringify(last.problems) === JSON.stringify(problems) ? last.problems : problems })),
        (error: Error) => current && setChecked({ text, problems: [{ pointer: "", message: `could not be checked: ${error.message}` }] }),
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [name, text]);
  return { problems: checked.problems, pending: checked.text !== text };
}
