/**
 * While a submit waits for the connection to come back: a notice that stays
 * (not a toast that fades), in the survey's words. The live region is always
 * in the page, so screen readers announce the text when it appears.
 */
import type { Toast } from "../generated/survey-config.ts";

export function WaitingNotice({ text, waiting }: { text: Toast; waiting: boolean }) {
  return (
    <div className="waiting-notice" role="status" data-waiting={waiting}>
      {waiting && (
        <>
          <p className="waiting-notice-title">{text.title}</p>
          <p className="waiting-notice-text">{text.description}</p>
        </>
      )}
    </div>
  );
}
