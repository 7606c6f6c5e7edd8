/**
 * Shows a survey's consent step before its questions, for a survey that has
 * one; the screen itself is a chunk of its own, so a survey without consent
 * carries none of it.
 */
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { Consent } from "../generated/survey-config.ts";

const ConsentScreen = /* @__PURE__ */ lazy(() => import("./consent-screen.tsx"));

export function ConsentGate({ consent, children }: { consent: Consent | undefined; children: ReactNode }) {
  const [accepted, setAccepted] = useState(false);
  if (!consent || accepted) return children;
  return (
    <Suspense fallback={null}>
      <ConsentScreen consent={consent} onAccept={() => setAccepted(true)} />
    </Suspense>
  );
}
