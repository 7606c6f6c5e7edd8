/**
 * The thank-you pages a survey file ends on, read from the file alone (the
 * route table is built from it before any survey is resolved): the default
 * ending's page, which other surveys may share, and one page per
 * conditional ending, which its survey alone words.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { endingPath } from "./endings.ts";
import { thankYouPath } from "./resolve-survey.ts";
import { wordsThankYou } from "./site-pages.ts";

export interface EndingPage {
  /** The id of the conditional ending the page belongs to. */
  ending: string;
  path: string;
}

type EndingsOf = Pick<SurveyConfig, "route" | "thankYou" | "endings">;

/** Where the default ending ends, and whether the file words that page itself. */
export function defaultPage(config: EndingsOf): { path: string; words: boolean } {
  const fallback = config.endings?.find((ending) => !ending.showIf);
  const path = thankYouPath(config);
  return { path: fallback ? endingPath(fallback, path) : path, words: wordsThankYou(config.thankYou) || wordsThankYou(fallback?.thankYou) };
}

/** One page per ending that has a condition. */
export function conditionalPages(config: EndingsOf): EndingPage[] {
  const path = thankYouPath(config);
  return (config.endings ?? []).filter((ending) => ending.showIf).map((ending) => ({ ending: ending.id, path: endingPath(ending, path) }));
}
