/**
 * The pages around the surveys: the 404 page, worded by the default survey
 * (the one at "/", or else the first by id), and one thank-you page per
 * distinct path, worded by the first survey that ends there (surveys that
 * share a path describe it the same way; the validator sees to that).
 */
export function defaultSurvey<T extends { route: string; id: string }>(surveys: readonly T[]): T | undefined {
  return surveys.find((survey) => survey.route === "/") ?? [...surveys].sort((a, b) => (a.id < b.id ? -1 : 1))[0];
}

/** The first survey of each thank-you path. */
export function thankYouOwners<T extends { thankYouPath: string }>(surveys: readonly T[]): T[] {
  return surveys.filter((survey, index) => surveys.findIndex((other) => other.thankYouPath === survey.thankYouPath) === index);
}
