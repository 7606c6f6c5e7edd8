/**
 * While a submit waits for the connection to come back (or for the data API
 * to accept this address again): a notice that stays (not a toast that
 * fades), in the survey's words. The live region is always
 * in the page, so screen readers announce the text when it appears.
 */
import type { WaitingText } from "./use-submission.ts";

export function WaitingNotice({ text }: { text: WaitingText | null }) {
  return (
    <div className="waiting-notice" role="status" data-waiting={text !== null}>
      {text && (
        <>
          <p className="waiting-notice-title">{text.title}</p>
          <p className="waiting-notice-text">{text.description}</p>
        </>
      )}
    </div>
  );
}
