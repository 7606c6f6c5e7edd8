/**
 * The consent step, on its own screen before the first question: the
 * survey's text, the link to its privacy notice and one checkbox. The
 * questions start only once the box is ticked, so every stored response
 * carries the version of this text (to-row.ts). Loaded only by surveys that
 * have a consent step.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { Consent } from "../generated/survey-config.ts";
import { Button } from "../ui/button.tsx";

export default function ConsentScreen({ consent, onAccept }: { consent: Consent; onAccept: () => void }) {
  const [ticked, setTicked] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  // A box ticked before the page's script took over (prerendered HTML, a slow phone) counts.
  useEffect(() => setTicked(box.current?.checked ?? false), []);
  return (
    <section className="survey-card" aria-labelledby={consent.heading ? `${id}-heading` : undefined} data-testid="consent">
      {consent.heading && <h1 id={`${id}-heading`} className="field-title">{consent.heading}</h1>}
      <p>{consent.text}</p>
      <p>
        <a href={consent.noticeUrl} target="_blank" rel="noopener noreferrer">{consent.noticeLabel}</a>
      </p>
      <p>
        <input ref={box} id={id} type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />{" "}
        <label htmlFor={id}>{consent.checkboxLabel}</label>
      </p>
      <Button variant="primary" disabled={!ticked} onClick={onAccept}>{consent.buttonLabel}</Button>
    </section>
  );
}
