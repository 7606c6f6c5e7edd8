/**
 * Debian's Chromium, used by the browser tests and the benchmark (no browser
 * download works on these machines), or the one at CHROMIUM_PATH. The flags
 * keep it from reaching out to the network, which this machine refuses.
 */
import { existsSync } from "node:fs";

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` when it is
 * installed, as Playwright itself picks its headless shell for headless
 * tests. It is the same Blink and V8 without the full browser around them,
 * and costs about half the CPU (the a11y spec: 45.5 s instead of 79.6 s, 2
 * December), which was the largest part of the suite's time. The benchmark
 * keeps the full Chromium (`chromiumPath`): it measures the page as a
 * respondent's browser meets it.
 */
export const testChromiumPath = (): string => process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath());

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
