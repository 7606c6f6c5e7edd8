/**
 * The pages around the surveys: one thank-you page per distinct path (surveys
 * that share a path describe it the same way; the validator sees to that),
 * and the 404 page of the default survey, the one at "/" or else the first.
 */
import type { ResolvedNotFound, ResolvedThankYou } from "./resolve-survey.ts";

export function defaultSurvey<T extends { route: string; id: string }>(surveys: readonly T[]): T | undefined {
  return surveys.find((survey) => survey.route === "/") ?? [...surveys].sort((a, b) => (a.id < b.id ? -1 : 1))[0];
}

export function thankYouPages(surveys: readonly { thankYou: ResolvedThankYou }[]): ResolvedThankYou[] {
  const byPath = new Map(surveys.map(({ thankYou }) => [thankYou.path, thankYou] as const));
  return [...byPath.values()];
}

export function notFoundPage(surveys: readonly { route: string; id: string; notFound: ResolvedNotFound }[]): ResolvedNotFound | undefined {
  return defaultSurvey(surveys)?.notFound;
}
