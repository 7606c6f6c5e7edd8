import { Suspense, useMemo, type ComponentType, type ReactNode } from "react";
import { matchRoutes, useRoutes } from "react-router-dom";
import { defaultSurveyRoute, surveyRoutes, type SurveyRoute } from "./config/load-surveys.ts";
import { SEVERAL_LANGUAGES } from "./core/site-languages.ts";
import { SITE_RECEIPTS } from "./core/site-receipts.ts";
import { loadDataPage } from "./receipt/load-data-page.ts";
import { ownThankYouPages, thankYouPages } from "./core/site-pages.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { SurveyPage } from "./pages/survey-page.tsx";
import { preloadQuestionTypes } from "./question-types/inputs.ts";
import { SITE_QUOTAS } from "./quotas/site-quotas.ts";
import { OfferedSurveyPage } from "./quotas/offered-survey-page.tsx";

interface PageProps {
  submit: SubmitResponse;
  /** The language the page is shown in ("" for a survey's own language). */
  language: string;
}

/**
 * A page that is a chunk of its own, in each of its languages. Unlike
 * React.lazy, once `preload` has settled the page renders at once: the client
 * loads the current page's chunk before hydrating, so hydration meets the
 * prerendered page whole. Before that it suspends as React.lazy does, by
 * throwing the load (React's `use` would too, but its retry never comes
 * inside a test's unawaited act()). The languages of a page share one
 * component, so a switch between them keeps its state (the answers).
 */
function lazyPage<T>(load: (language: string) => Promise<T>, render: (loaded: T, props: PageProps) => ReactNode) {
  const loaded: Record<string, T> = {};
  const loading: Record<string, Promise<T>> = {};
  const preload = (language: string) => (loading[language] ??= load(language).then((value) => (loaded[language] = value)));
  function Page(props: PageProps) {
    if (!(props.language in loaded)) throw preload(props.language);
    return render(loaded[props.language]!, props);
  }
  return { Page, preload };
}

interface Page {
  Page: ComponentType<PageProps>;
  preload: (language: string) => Promise<unknown>;
}

/** The survey's config in `language` ("" for its own). */
const configIn = (survey: SurveyRoute, language: string) => (SEVERAL_LANGUAGES && language ? survey.loadIn![language]! : survey.load)();

/** A survey's page waits for its own config and its first question's component, so that it renders (and hydrates) whole. */
const surveyPage = (survey: SurveyRoute) =>
  lazyPage(
    async (language) => {
      const config = await configIn(survey, language);
      await preloadQuestionTypes(config.questions.slice(0, 1).map((question) => question.type));
      return config;
    },
    // A site without quotas folds the first branch away: its survey pages are what they were.
    (config, { submit }) => (SITE_QUOTAS ? <OfferedSurveyPage config={config} submit={submit} /> : <SurveyPage config={config} submit={submit} />),
  );

const thankYouChunk = () => import("./pages/thank-you.tsx");

/** The thank-you and 404 pages are worded by a survey's file, loaded with them: a survey's first load carries only the survey. */
const thankYouPage = (survey: SurveyRoute, ending?: string) =>
  lazyPage(
    (language) => Promise.all([configIn(survey, language), thankYouChunk()]),
    ([config, { ThankYouPage }]) => <ThankYouPage page={config.endings.find((each) => each.id === ending)?.thankYou ?? config.thankYou} />,
  );

/** A quota's screen-out page: the thank-you page's component, worded by the quota. */
const screenOutPage = (survey: SurveyRoute, quota: string) =>
  lazyPage(
    (language) => Promise.all([configIn(survey, language), thankYouChunk()]),
    ([config, { ThankYouPage }]) => <ThankYouPage page={config.screenOuts?.find((each) => each.id === quota)?.thankYou ?? config.thankYou} />,
  );

/** A survey's data page, where a receipt's code shows, downloads and deletes the response: a chunk of its own, never in a first load. */
const receiptPage = (survey: SurveyRoute) =>
  lazyPage(
    (language) => Promise.all([configIn(survey, language), loadDataPage()]),
    ([config, { DataPage }]) => <DataPage config={config} />,
  );

const notFoundPage = (survey: SurveyRoute) =>
  lazyPage(
    () => Promise.all([survey.load(), import("./pages/not-found.tsx")]),
    ([config, { NotFoundPage }]) => <NotFoundPage page={config.notFound} />,
  );

/** A page at `path` in the survey's own language, and for a survey in several languages at "<path>/<tag>" in each other one. */
const inEachLanguage = (survey: SurveyRoute, path: string, page: Page) => [
  { path, page, language: "" },
  ...(SEVERAL_LANGUAGES ? Object.keys(survey.loadIn ?? {}).map((language) => ({ path: `${path === "/" ? "" : path}/${language}`, page, language })) : []),
];

/**
 * The route table, from the survey files: one page per survey, one per
 * thank-you page they end on (a default one, shared, and one per conditional
 * ending), each in every language of its survey, and a 404 for anything
 * else. React Router matches a path whatever its capitals and trailing slash.
 */
const pageRoutes = [
  ...surveyRoutes.flatMap((survey) => inEachLanguage(survey, survey.route, surveyPage(survey))),
  ...(SEVERAL_LANGUAGES ? thankYouPages(surveyRoutes, (survey) => Object.keys(survey.loadIn ?? {})) : ownThankYouPages(surveyRoutes)).map(({ path, survey, language }) => ({ path, page: thankYouPage(survey), language })),
  ...surveyRoutes.flatMap((survey) => survey.endingPages.flatMap(({ ending, path }) => inEachLanguage(survey, path, thankYouPage(survey, ending)))),
  ...(SITE_RECEIPTS ? surveyRoutes.flatMap((survey) => (survey.receiptPath ? inEachLanguage(survey, survey.receiptPath, receiptPage(survey)) : [])) : []),
  ...(SITE_QUOTAS ? surveyRoutes.flatMap((survey) => (survey.screenOutPages ?? []).flatMap(({ quota, path }) => inEachLanguage(survey, path, screenOutPage(survey, quota)))) : []),
  ...(defaultSurveyRoute ? [{ path: "*", page: notFoundPage(defaultSurveyRoute), language: "" }] : []),
];

/** Loads the chunk of the page at `pathname`, so that it renders without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const route = matchRoutes(pageRoutes, pathname)?.[0]?.route;
  await route?.page.preload(route.language);
}

export function App({ submit = submitResponse }: Partial<PageProps>) {
  const routes = useMemo(() => pageRoutes.map(({ path, page: { Page }, language }) => ({ path, element: <Page submit={submit} language={language} /> })), [submit]);
  const page = useRoutes(routes);
  // Moves render as transitions (React Router's default): the page on screen stays until the next one's chunk has loaded.
  return <Suspense fallback={null}>{page}</Suspense>;
}
