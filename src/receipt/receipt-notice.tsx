/**
 * The receipt on the thank-you page: the code of the response just stored
 * (kept on the device, so reopening the page still shows it), what it is
 * for, and the link to the survey's data page. Read from the device after
 * hydration (the prerendered page has no device). The surveys that end on
 * this page are found by its address; the texts are the survey's, in the
 * page's language.
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { surveyRoutes, type SurveyRoute } from "../config/load-surveys.ts";
import { groupedReceiptCode } from "../core/receipt.ts";
import { receiptWords, type ReceiptWords } from "../i18n/receipt-words.ts";
import { newestReceipt } from "./receipt-storage.ts";
import "./receipt.css";

const endsOn = (survey: SurveyRoute, pathname: string) =>
  [survey.thankYouPath, ...survey.endingPages.map((page) => page.path)].some((path) => pathname === path || pathname.startsWith(`${path === "/" ? "" : path}/`));

interface Shown {
  code: string;
  href: string;
  words: ReceiptWords;
}

export function ReceiptNotice({ language }: { language: string }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const surveys = surveyRoutes.filter((survey) => survey.receiptPath && endsOn(survey, pathname.replace(/\/$/, "") || "/"));
    const receipt = newestReceipt(surveys.map((survey) => survey.id));
    const survey = surveys.find((each) => each.id === receipt?.surveyId);
    if (!receipt || !survey) return;
    const inLanguage = survey.loadIn?.[language];
    void (inLanguage ?? survey.load)().then((config) => {
      const href = inLanguage ? `${survey.receiptPath}/${language}` : survey.receiptPath!;
      setShown({ code: groupedReceiptCode(receipt.code), href, words: receiptWords(config.language, config.receipt?.texts) });
    });
  }, [pathname, language]);
  if (!shown) return null;
  const { words } = shown;
  return (
    <section className="receipt-notice" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{words.noticeHeading}</h2>
      <output className="receipt-code" aria-label={words.codeLabel}>{shown.code}</output>
      <p>{words.noticeText}</p>
      <Link to={shown.href}>{words.noticeLink}</Link>
    </section>
  );
}
