/**
 * "Continue later": a button that shows the link that resumes this response
 * on any device, with a copy button and a WhatsApp share. The newest answers
 * are saved before the link is shown, so it opens on them. Loaded lazily,
 * only by a survey with partial responses.
 */
import { useState } from "react";
import { Button } from "../ui/button.tsx";
import { continueLaterWords } from "./words.ts";

interface ContinueLaterProps {
  language: string;
  /** Saves the answers so far; resolves with the link. */
  makeLink: () => Promise<string>;
  linkEnded: boolean;
}

export default function ContinueLater({ language, makeLink, linkEnded }: ContinueLaterProps) {
  const words = continueLaterWords(language);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selectable in its box.
    }
  };

  return (
    <div className="draft-notice continue-later" role="status">
      {linkEnded && <p className="draft-notice-text">{words.linkEnded}</p>}
      {link === null ? (
        <Button variant="link" onClick={() => void makeLink().then(setLink)}>
          {words.open}
        </Button>
      ) : (
        <>
          <p className="draft-notice-text">{words.explain}</p>
          <input className="input" readOnly aria-label={words.linkLabel} value={link} onFocus={(event) => event.currentTarget.select()} />
          <div className="draft-notice-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? words.copied : words.copy}
            </Button>
            <a className="button button-secondary" href={`https://wa.me/?text=${encodeURIComponent(`${words.whatsappText} ${link}`)}`} target="_blank" rel="noopener noreferrer">
              {words.whatsapp}
            </a>
          </div>
        </>
      )}
    </div>
  );
}
