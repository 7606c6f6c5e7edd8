/**
 * A site whose surveys ask for no consent carries none of the consent code:
 * its production build loads src/core/site-consent.ts as
 * `SITE_CONSENT = false`, a constant the bundler inlines, so the consent
 * gate and the consent column fold away (as site-languages does for languages).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-consent.ts", import.meta.url));

/** Whether any survey file of `dir` declares a consent step. */
export const declaresConsent = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => (file.data as { consent?: unknown } | undefined)?.consent !== undefined);

export function siteConsentPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "site-consent",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SITE_CONSENT = ${declaresConsent(dir)};\n`;
    },
  };
}
