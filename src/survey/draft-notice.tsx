/**
 * "Seguimos de donde lo dejaste", with a way to start over that asks first.
 * The question and its two answers replace the notice in place; the focus
 * follows (to "No, seguir", the safe choice), so a keyboard user is never
 * left on a button that disappeared.
 */
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MessageTexts } from "../core/resolve-survey.ts";
import { Button } from "../ui/button.tsx";

export function DraftNotice({ messages, onStartOver }: { messages: MessageTexts; onStartOver: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const startOverButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  const ask = (value: boolean) => {
    flushSync(() => setConfirming(value));
    (value ? cancelButton : startOverButton).current?.focus();
  };

  return (
    <div className="draft-notice" role="status">
      {confirming ? (
        <>
          <p className="draft-notice-text">{messages.draftConfirmStartOver}</p>
          <div className="draft-notice-actions">
            <Button ref={cancelButton} variant="secondary" onClick={() => ask(false)}>
              {messages.draftCancel}
            </Button>
            <Button variant="danger" onClick={onStartOver}>
              {messages.draftConfirm}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="draft-notice-text">{messages.draftRestored}</p>
          <Button ref={startOverButton} variant="link" onClick={() => ask(true)}>
            {messages.draftStartOver}
          </Button>
        </>
      )}
    </div>
  );
}
