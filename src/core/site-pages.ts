/**
 * The pages around the surveys: the 404 page, worded by the default survey
 * (the one at "/", or else the first by id), and one thank-you page per
 * distinct path, worded by the first survey that ends there and words it.
 * A survey that only names the path (and its own delay) ends on the page as
 * another survey words it: a first-form file's redirect to "/thank-you"
 * meant "the site's thank-you page". Surveys that both word a path word it
 * alike; the validator sees to that.
 */
export function defaultSurvey<T extends { route: string; id: string }>(surveys: readonly T[]): T | undefined {
  return surveys.find((survey) => survey.route === "/") ?? [...surveys].sort((a, b) => (a.id < b.id ? -1 : 1))[0];
}

/** The keys of a thank-you page that say where and when, not what it says. */
const NOT_WORDING = new Set(["path", "delayMs"]);

/** Whether a survey's file words its thank-you page (anything beyond its path and delay). */
export const wordsThankYou = (thankYou: object | undefined) => Object.keys(thankYou ?? {}).some((key) => !NOT_WORDING.has(key));

/** For each thank-you path, the survey whose file words it: the first that words it, else the first that ends there. */
export function thankYouOwners<T extends { thankYouPath: string; wordsThankYou: boolean }>(surveys: readonly T[]): T[] {
  const paths = [...new Set(surveys.map((survey) => survey.thankYouPath))];
  return paths.map((path) => {
    const ending = surveys.filter((survey) => survey.thankYouPath === path);
    return ending.find((survey) => survey.wordsThankYou) ?? ending[0]!;
  });
}

/** A thank-you page to serve: its path, the survey that words it, and the language it is read in ("" for that survey's own). */
export interface ThankYouPage<T> {
  path: string;
  survey: T;
  language: string;
}

/** Each thank-you path, in the language of the survey that words it. */
export const ownThankYouPages = <T extends { thankYouPath: string; wordsThankYou: boolean }>(surveys: readonly T[]): ThankYouPage<T>[] =>
  thankYouOwners(surveys).map((survey) => ({ path: survey.thankYouPath, survey, language: "" }));

/**
 * Every thank-you page of the site: each path in its owner's language, and,
 * for each survey in several languages, "<path>/<tag>" in each of its other
 * languages, worded by that survey in that language, also when another
 * survey owns the path (its respondents end on a page they can read rather
 * than on a missing one). The first to claim an address keeps it.
 */
export function thankYouPages<T extends { thankYouPath: string; wordsThankYou: boolean }>(surveys: readonly T[], otherLanguages: (survey: T) => readonly string[]): ThankYouPage<T>[] {
  const owners = thankYouOwners(surveys);
  const pages = [
    ...ownThankYouPages(surveys),
    ...[...owners, ...surveys.filter((survey) => !owners.includes(survey))].flatMap((survey) =>
      otherLanguages(survey).map((language) => ({ path: `${survey.thankYouPath === "/" ? "" : survey.thankYouPath}/${language}`, survey, language })),
    ),
  ];
  return pages.filter((page, index) => pages.findIndex((other) => other.path === page.path) === index);
}
