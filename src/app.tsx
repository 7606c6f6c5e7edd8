import { Route, Routes } from "react-router-dom";
import { surveys } from "./config/load-surveys.ts";
import { notFoundPage, thankYouPages } from "./core/site-pages.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { NotFoundPage } from "./pages/not-found.tsx";
import { SurveyPage } from "./pages/survey-page.tsx";
import { ThankYouPage } from "./pages/thank-you.tsx";

const notFound = notFoundPage(surveys);

/** One route per survey file, one per thank-you page they end on, and a 404 for anything else. */
export function App({ submit = submitResponse }: { submit?: SubmitResponse }) {
  return (
    <Routes>
      {surveys.map((survey) => (
        <Route key={survey.id} path={survey.route} element={<SurveyPage config={survey} submit={submit} />} />
      ))}
      {thankYouPages(surveys).map((page) => (
        <Route key={page.path} path={page.path} element={<ThankYouPage page={page} />} />
      ))}
      {notFound && <Route path="*" element={<NotFoundPage page={notFound} />} />}
    </Routes>
  );
}
