/**
 * The routing context of the preview, in one place: an in-memory history
 * starting at the survey's route, so walking the preview never changes the
 * editor's address. (When the app moves to react-router, this becomes a
 * MemoryRouter.) The survey's thank-you path shows its thank-you page.
 */
import { useMemo, type ReactNode } from "react";
import type { ResolvedSurvey } from "../../core/resolve-survey.ts";
import { ThankYouPage } from "../../pages/thank-you.tsx";
import { memoryHistory } from "../../routing/page-history.ts";
import { Router, useLocation } from "../../routing/router.tsx";

export function PreviewRouter({ start, children }: { start: string; children: ReactNode }) {
  const history = useMemo(() => memoryHistory(start), [start]);
  return <Router history={history}>{children}</Router>;
}

/** The survey's page, or its thank-you page once the preview has moved there. */
export function PreviewPages({ config, survey }: { config: ResolvedSurvey; survey: ReactNode }) {
  const { pathname } = useLocation();
  return pathname === config.thankYou.path ? <ThankYouPage page={config.thankYou} /> : survey;
}
