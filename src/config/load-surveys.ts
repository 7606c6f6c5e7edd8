/**
 * The surveys in surveys/, one route each. Every page carries only the route
 * table (scripts/vite-plugin-survey-routes.ts); a survey's config is its own
 * chunk, loaded by the route that shows it, so adding surveys does not grow
 * any page's first load. The Vite plugin checks each file against the schema
 * and serves it resolved: the texts it leaves out are filled in from its
 * language's preset (src/core/resolve-survey.ts).
 */
import { defaultSurveyId, surveyRoutes as lines } from "virtual:survey-routes";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";

export interface SurveyRoute {
  id: string;
  route: string;
  /** Where the survey ends (its thank-you page); surveys may share one. */
  thankYouPath: string;
  /** Whether its file words that page; one that does not ends on the page as another survey words it. */
  wordsThankYou: boolean;
  /** The pages of its endings that have a condition, which it alone words. */
  endingPages: readonly { ending: string; path: string }[];
  load: () => Promise<ResolvedSurvey>;
  /** A survey in several languages: its config in each language but the source, each a chunk of its own. */
  loadIn?: Record<string, () => Promise<ResolvedSurvey>>;
  /** A survey with receipts: the path of its data page (src/receipt/). */
  receiptPath?: string;
  /** A survey with quotas: the page of each quota's screen-out (src/quotas/). */
  screenOutPages?: readonly { quota: string; path: string }[];
}

export const surveyRoutes: readonly SurveyRoute[] = lines as readonly SurveyRoute[];

/** The survey whose file words the 404 page (the one at "/", else the first); none without surveys. */
export const defaultSurveyRoute: SurveyRoute | undefined = surveyRoutes.find((survey) => survey.id === defaultSurveyId);
