/**
 * The routing context of the preview, in one place: react-router's in-memory
 * router starting at the survey's route, so walking the preview never changes
 * the editor's address. The survey's thank-you path shows its thank-you page.
 */
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import type { ResolvedSurvey } from "../../core/resolve-survey.ts";
import { ThankYouPage } from "../../pages/thank-you.tsx";

export function PreviewRouter({ start, children }: { start: string; children: ReactNode }) {
  // A new start (another survey opened) is a new router: its history begins there.
  return (
    <MemoryRouter key={start} initialEntries={[start]}>
      {children}
    </MemoryRouter>
  );
}

/** The survey's page, or its thank-you page once the preview has moved there. */
export function PreviewPages({ config, survey }: { config: ResolvedSurvey; survey: ReactNode }) {
  const { pathname } = useLocation();
  return pathname === config.thankYou.path ? <ThankYouPage page={config.thankYou} /> : survey;
}
