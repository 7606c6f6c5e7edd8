/**
 * A site whose surveys ask for no consent carries none of the consent code:
 * its production build loads src/core/site-consent.ts as
 * `SITE_CONSENT = false`, a constant the bundler inlines, so the consent
 * gate and the consent column fold away (as site-languages does for languages).
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** Whether any survey file of `dir` declares a consent step. */
export const declaresConsent = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => (file.data as { consent?: unknown } | undefined)?.consent !== undefined);

export const siteConsentPlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-consent", module: "core/site-consent.ts", constant: "SITE_CONSENT", uses: declaresConsent }, options);
