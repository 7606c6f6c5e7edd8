/** What the benchmark's parts share: the browser, its flags, medians. */

import { CHROMIUM_ARGS, chromiumPath } from "../chromium.ts";

export const CHROMIUM_PATH = chromiumPath();

/** For Lighthouse (chrome-launcher) and Playwright alike; no background traffic to disturb the timings. */
export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/** The phone profile's network (with interaction.ts's 4x CPU): Lighthouse's slow 4G, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, for CDP's Network.emulateNetworkConditions. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
