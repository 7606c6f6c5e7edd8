/**
 * A site whose surveys have no quotas carries none of their code: its
 * production build loads src/quotas/site-quotas.ts as `SITE_QUOTAS = false`,
 * a constant the bundler inlines, so every branch for quotas folds away and
 * the modules of src/quotas/ that only those branches import are dropped.
 * The dev server keeps it all.
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** Whether any survey file of `dir` declares quotas. */
export const declaresQuotas = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => Array.isArray((file.data as { quotas?: unknown } | undefined)?.quotas));

export const siteQuotasPlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-quotas", module: "quotas/site-quotas.ts", constant: "SITE_QUOTAS", uses: declaresQuotas }, options);
