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
