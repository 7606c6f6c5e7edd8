/**
 * While a submit waits for the connection to come back: a notice that stays
 * (not a toast that fades), in the survey's words. The live region is always
 * in the page, so screen readers announce the text when it appears.
 */
import type { MessageTexts } from "../core/resolve-survey.ts";

export function WaitingNotice({ messages, waiting }: { messages: MessageTexts; waiting: boolean }) {
  return (
    <div className="waiting-notice" role="status" data-waiting={waiting}>
      {waiting && (
        <>
          <p className="waiting-notice-title">{messages.waitingForConnectionTitle}</p>
          <p className="waiting-notice-text">{messages.waitingForConnectionDescription}</p>
        </>
      )}
    </div>
  );
}
