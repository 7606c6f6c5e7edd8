import { Route, Routes } from "react-router-dom";
import { surveys } from "./config/load-surveys.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { NotFoundPage } from "./pages/not-found.tsx";
import { SurveyPage } from "./pages/survey-page.tsx";
import { ThankYouPage } from "./pages/thank-you.tsx";

/** One route per survey file, the thank-you page, and a 404 for anything else. */
export function App({ submit = submitResponse }: { submit?: SubmitResponse }) {
  return (
    <Routes>
      {surveys.map((survey) => (
        <Route key={survey.id} path={survey.route} element={<SurveyPage config={survey} submit={submit} />} />
      ))}
      <Route path="/thank-you" element={<ThankYouPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
