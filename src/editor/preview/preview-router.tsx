/**
 * The routing context of the preview, in one place: react-router's in-memory
 * router starting at the survey's route, so walking the preview never changes
 * the editor's address. A thank-you path of the survey (one per ending)
 * shows that page, named by the ending the walk reached.
 */
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import type { ResolvedSurvey } from "../../core/resolve-survey.ts";
import { ThankYouPage } from "../../pages/thank-you.tsx";
import { useWords } from "../words/use-words.ts";

export function PreviewRouter({ start, children }: { start: string; children: ReactNode }) {
  // A new start (another survey opened) is a new router: its history begins there.
  return (
    <MemoryRouter key={start} initialEntries={[start]}>
      {children}
    </MemoryRouter>
  );
}

/** The survey's page, or the page of the ending the walk reached once the preview has moved there. */
export function PreviewPages({ config, survey }: { config: ResolvedSurvey; survey: ReactNode }) {
  const { pathname } = useLocation();
  const words = useWords();
  const reached = config.endings.find((ending) => ending.thankYou.path === pathname);
  const page = reached?.thankYou ?? (pathname === config.thankYou.path ? config.thankYou : undefined);
  if (!page) return survey;
  return (
    <>
      {reached && <p className="preview-ending" role="status">{words.endingReached(reached.id)}</p>}
      <ThankYouPage page={page} />
    </>
  );
}
