/**
 * A site whose surveys shuffle nothing carries none of the random-order code:
 * its production build loads src/core/site-shuffle.ts as `SITE_SHUFFLE =
 * false`, a constant the bundler inlines, so the runner's hook, the draw,
 * the draft's fit and the stored column fold away (as site-consent does for
 * consent).
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

type Loose = { questions?: { shuffleOptions?: unknown; shuffleRows?: unknown }[]; questionBlocks?: { shuffleQuestions?: unknown }[] } | undefined;

/** Whether any survey file of `dir` shuffles options, a matrix's rows or a block of questions. */
export function shufflesAnything(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => {
    const data = file.data as Loose;
    return (data?.questions ?? []).some((question) => question?.shuffleOptions === true || question?.shuffleRows === true) || (data?.questionBlocks ?? []).some((block) => block?.shuffleQuestions === true);
  });
}

export const siteShufflePlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-shuffle", module: "core/site-shuffle.ts", constant: "SITE_SHUFFLE", uses: shufflesAnything }, options);
