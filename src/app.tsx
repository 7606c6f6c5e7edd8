import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { defaultSurveyRoute, surveyRoutes, thankYouRoutes, type SurveyRoute } from "./config/load-surveys.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { SurveyPage } from "./pages/survey-page.tsx";
import { preloadQuestionTypes } from "./questions/registry.ts";

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

/** One route per survey file, one per thank-you page they end on, and a 404 for anything else. */
export function App({ submit = submitResponse }: { submit?: SubmitResponse }) {
  return (
    <Routes>
      {surveyPages.map(({ survey, Page }) => (
        <Route key={survey.id} path={survey.route} element={loading(<Page submit={submit} />)} />
      ))}
      {thankYouPages.map(({ path, Page }) => (
        <Route key={path} path={path} element={loading(<Page />)} />
      ))}
      {NotFound && <Route path="*" element={loading(<NotFound />)} />}
    </Routes>
  );
}
