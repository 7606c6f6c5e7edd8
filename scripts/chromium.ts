/**
 * Debian's Chromium, used by the browser tests and the benchmark (no browser
 * download works on these machines), or the one at CHROMIUM_PATH. The flags
 * keep it from reaching out to the network, which this machine refuses.
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
