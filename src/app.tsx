import { lazy, Suspense, type ReactNode } from "react";
import { isPagePath } from "./core/page-path.ts";
import { defaultSurveyRoute, surveyRoutes, thankYouRoutes, type SurveyRoute } from "./config/load-surveys.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { SurveyPage } from "./pages/survey-page.tsx";
import { preloadQuestionTypes } from "./questions/registry.ts";
import { useLocation } from "./routing/router.tsx";

/**
 * A survey's page waits for its own config and its first question's component
 * (prerendered pages keep their HTML meanwhile), so that it hydrates whole.
 */
const surveyPages = surveyRoutes.map((survey) => ({
  survey,
  Page: lazy(async () => {
    const config = await survey.load();
    await preloadQuestionTypes(config.questions.slice(0, 1).map((question) => question.type));
    return { default: ({ submit }: { submit: SubmitResponse }) => <SurveyPage config={config} submit={submit} /> };
  }),
}));

/**
 * The thank-you and 404 pages are chunks of their own too, worded by a
 * survey's file (loaded with them): a survey's first load carries only the survey.
 */
const thankYouPages = thankYouRoutes.map((survey) => ({
  path: survey.thankYouPath,
  Page: lazy(async () => {
    const [config, { ThankYouPage }] = await Promise.all([survey.load(), import("./pages/thank-you.tsx")]);
    return { default: () => <ThankYouPage page={config.thankYou} /> };
  }),
}));

const notFoundPage = (survey: SurveyRoute) =>
  lazy(async () => {
    const [config, { NotFoundPage }] = await Promise.all([survey.load(), import("./pages/not-found.tsx")]);
    return { default: () => <NotFoundPage page={config.notFound} /> };
  });
const NotFound = defaultSurveyRoute && notFoundPage(defaultSurveyRoute);

const loading = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** One page per survey file, one per thank-you page they end on, and a 404 for anything else. */
export function App({ submit = submitResponse }: { submit?: SubmitResponse }) {
  const { pathname } = useLocation();
  const survey = surveyPages.find((page) => isPagePath(pathname, page.survey.route));
  if (survey) return loading(<survey.Page key={survey.survey.id} submit={submit} />);
  const thankYou = thankYouPages.find((page) => isPagePath(pathname, page.path));
  if (thankYou) return loading(<thankYou.Page key={thankYou.path} />);
  return NotFound ? loading(<NotFound />) : null;
}
