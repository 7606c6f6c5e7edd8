/**
 * A site whose surveys have no arms carries none of the A/B variants' code:
 * its production build loads src/core/site-arms.ts as `SITE_ARMS = false`, a
 * constant the bundler inlines, so the runner's hook, the assignment's call,
 * the draft's carry, the stored columns and the arm's conditions fold away
 * (as site-shuffle does for random order).
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** Whether any survey file of `dir` declares arms. */
export const hasArms = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => Array.isArray((file.data as { arms?: unknown } | undefined)?.arms));

export const siteArmsPlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-arms", module: "core/site-arms.ts", constant: "SITE_ARMS", uses: hasArms }, options);
