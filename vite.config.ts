import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { languageChoicePlugin } from "./scripts/vite-plugin-language-choice.ts";
import { prerender } from "./scripts/vite-plugin-prerender.ts";
import { CSP_SAFE_ALIASES } from "./scripts/security-headers/vite-aliases.ts";
import { resultsSitePlugin } from "./scripts/vite-plugin-results-site.ts";
import { questionTypesPlugin } from "./scripts/vite-plugin-question-types.ts";
import { siteConsentPlugin } from "./scripts/vite-plugin-site-consent.ts";
import { siteReceiptsPlugin } from "./scripts/vite-plugin-site-receipts.ts";
import { siteQuotasPlugin } from "./scripts/vite-plugin-site-quotas.ts";
import { siteLanguagesPlugin } from "./scripts/vite-plugin-site-languages.ts";
import { siteOncePlugin } from "./scripts/vite-plugin-site-once.ts";
import { siteShufflePlugin } from "./scripts/vite-plugin-site-shuffle.ts";
import { siteArmsPlugin } from "./scripts/vite-plugin-site-arms.ts";
import { partialResponsesPlugin } from "./scripts/vite-plugin-partial-responses.ts";
import { surveyRoutesPlugin } from "./scripts/vite-plugin-survey-routes.ts";
import { surveysPlugin } from "./scripts/vite-plugin-surveys.ts";
import { buildCommitPlugin } from "./scripts/vite-plugin-build-commit.ts";

// The survey files the app is built from: surveys/. A test may build another
// set (SURVEYS_DIR=tests/fixtures/surveys/…); the product never ships those.
const surveysDir = process.env.SURVEYS_DIR || "surveys";

export default defineConfig({
  plugins: [react(), surveysPlugin({ dir: surveysDir }), surveyRoutesPlugin({ dir: surveysDir }), questionTypesPlugin({ dir: surveysDir }), siteLanguagesPlugin({ dir: surveysDir }), siteOncePlugin({ dir: surveysDir }), partialResponsesPlugin({ dir: surveysDir }), siteConsentPlugin({ dir: surveysDir }), siteReceiptsPlugin({ dir: surveysDir }), siteQuotasPlugin({ dir: surveysDir }), siteShufflePlugin({ dir: surveysDir }), siteArmsPlugin({ dir: surveysDir }), languageChoicePlugin({ dir: surveysDir }), prerender({ surveysDir }), resultsSitePlugin({ surveysDir }), buildCommitPlugin()],
  // Pages import their modules with import() after the first paint (scripts/load-after-paint.ts), so the
  // polyfill for <link rel="modulepreload"> would only weigh on every first load.
  build: { modulePreload: { polyfill: false } },
  resolve: { alias: CSP_SAFE_ALIASES },
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
});
