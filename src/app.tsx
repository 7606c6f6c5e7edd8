import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { surveyRoutes } from "./config/load-surveys.ts";
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

/** The other pages are chunks of their own too: a survey's first load carries only the survey. */
const ThankYouPage = lazy(() => import("./pages/thank-you.tsx").then((module) => ({ default: module.ThankYouPage })));
const NotFoundPage = lazy(() => import("./pages/not-found.tsx").then((module) => ({ default: module.NotFoundPage })));

/** One route per survey file, the thank-you page, and a 404 for anything else. */
export function App({ submit = submitResponse }: { submit?: SubmitResponse }) {
  return (
    <Routes>
      {surveyPages.map(({ survey, Page }) => (
        <Route
          key={survey.id}
          path={survey.route}
          element={
            <Suspense fallback={null}>
              <Page submit={submit} />
            </Suspense>
          }
        />
      ))}
      <Route
        path="/thank-you"
        element={
          <Suspense fallback={null}>
            <ThankYouPage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
