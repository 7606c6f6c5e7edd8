import { Suspense, useMemo, type ComponentType } from "react";
import { matchRoutes, useRoutes } from "react-router-dom";
import { defaultSurveyRoute, surveyRoutes, thankYouRoutes, type SurveyRoute } from "./config/load-surveys.ts";
import { submitResponse, type SubmitResponse } from "./data/submit-response.ts";
import { SurveyPage } from "./pages/survey-page.tsx";
import { preloadQuestionTypes } from "./question-types/inputs.ts";

interface PageProps {
  submit: SubmitResponse;
}

/**
 * A page that is a chunk of its own. Unlike React.lazy, once `preload` has
 * settled the page renders at once: the client loads the current page's chunk
 * before hydrating, so hydration meets the prerendered page whole. Before
 * that it suspends as React.lazy does, by throwing the load (React's `use`
 * would too, but its retry never comes inside a test's unawaited act()).
 */
function lazyPage(load: () => Promise<ComponentType<PageProps>>) {
  let Loaded: ComponentType<PageProps> | undefined;
  let loading: Promise<ComponentType<PageProps>> | undefined;
  const preload = () => (loading ??= load().then((component) => (Loaded = component)));
  function Page(props: PageProps) {
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return { Page, preload };
}

/** A survey's page waits for its own config and its first question's component, so that it renders (and hydrates) whole. */
const surveyPage = (survey: SurveyRoute) =>
  lazyPage(async () => {
    const config = await survey.load();
    await preloadQuestionTypes(config.questions.slice(0, 1).map((question) => question.type));
    return ({ submit }) => <SurveyPage config={config} submit={submit} />;
  });

/** The thank-you and 404 pages are worded by a survey's file, loaded with them: a survey's first load carries only the survey. */
const thankYouPage = (survey: SurveyRoute) =>
  lazyPage(async () => {
    const [config, { ThankYouPage }] = await Promise.all([survey.load(), import("./pages/thank-you.tsx")]);
    return () => <ThankYouPage page={config.thankYou} />;
  });

/** The page of one of a survey's conditional endings. */
const endingPage = (survey: SurveyRoute, ending: string) =>
  lazyPage(async () => {
    const [config, { ThankYouPage }] = await Promise.all([survey.load(), import("./pages/thank-you.tsx")]);
    const page = config.endings.find((each) => each.id === ending)?.thankYou ?? config.thankYou;
    return () => <ThankYouPage page={page} />;
  });

const notFoundPage = (survey: SurveyRoute) =>
  lazyPage(async () => {
    const [config, { NotFoundPage }] = await Promise.all([survey.load(), import("./pages/not-found.tsx")]);
    return () => <NotFoundPage page={config.notFound} />;
  });

/**
 * The route table, from the survey files: one page per survey, one per
 * thank-you page they end on (a default one, shared, and one per conditional
 * ending), and a 404 for anything else. React Router
 * matches a path whatever its capitals and trailing slash.
 */
const pageRoutes = [
  ...surveyRoutes.map((survey) => ({ path: survey.route, page: surveyPage(survey) })),
  ...thankYouRoutes.map((survey) => ({ path: survey.thankYouPath, page: thankYouPage(survey) })),
  ...surveyRoutes.flatMap((survey) => survey.endingPages.map(({ ending, path }) => ({ path, page: endingPage(survey, ending) }))),
  ...(defaultSurveyRoute ? [{ path: "*", page: notFoundPage(defaultSurveyRoute) }] : []),
];

/** Loads the chunk of the page at `pathname`, so that it renders without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  await matchRoutes(pageRoutes, pathname)?.[0]?.route.page.preload();
}

export function App({ submit = submitResponse }: Partial<PageProps>) {
  const routes = useMemo(() => pageRoutes.map(({ path, page: { Page } }) => ({ path, element: <Page submit={submit} /> })), [submit]);
  const page = useRoutes(routes);
  // Moves render as transitions (React Router's default): the page on screen stays until the next one's chunk has loaded.
  return <Suspense fallback={null}>{page}</Suspense>;
}
