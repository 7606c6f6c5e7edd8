import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, testChromiumPath } from "./scripts/chromium.ts";

/**
 * End-to-end tests in Debian's Chromium (its headless shell, see
 * scripts/chromium.ts) against the production build, served as `npm start` serves it, with the local data API started on free ports by
 * the global setup (tests/e2e/global-setup.ts) and stopped after.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two cores: two browsers at a time. Tests share one data API and tell their
  // rows apart by a unique full name.
  workers: 2,
  fullyParallel: true,
  // A failure runs once more, traced (trace: "on-first-retry"); a test that then passes is still a
  // failure (failOnFlakyTests), so a retry never hides a flaky test, it only records what happened.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  // A whole walk through 19 questions takes 30–70 s when the two cores are shared with other work.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  // `list` while running; `json` for npm test's summary (PLAYWRIGHT_JSON_OUTPUT_NAME; a git-ignored file otherwise).
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "playwright-report/results.json" }]],
  outputDir: "test-results",
  use: {
    viewport: { width: 1280, height: 800 },
    locale: "es-ES",
    headless: true,
    // Tracing every test to keep the failures' traces cost a third of the browser step's CPU (behaviour.spec,
    // one worker: 90.7 s user+sys with "retain-on-failure", 59.9 s without): only the retry of a failure is traced.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testChromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium" }],
});
