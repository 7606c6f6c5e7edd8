/** The performance budgets, one file: bench/budgets.json. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./build.ts";

export interface Budgets {
  firstLoadJsGzipBytesMax: number;
  lighthousePerformanceMin: number;
  lighthouseAccessibilityMin: number;
  lcpMsMax: number;
  tbtMsMax: number;
  clsMax: number;
  enterToNextQuestionOverheadMsMax: number;
  keystrokeToFrameMsMax: number;
  visibilityPerKeystrokeMsMax: number;
  reportWallSecondsMax: number;
  reportPeakMemoryMbMax: number;
  reportHtmlBytesMax: number;
}

export const BUDGETS_FILE = join(REPO_ROOT, "bench", "budgets.json");

const KEYS: (keyof Budgets)[] = [
  "firstLoadJsGzipBytesMax",
  "lighthousePerformanceMin",
  "lighthouseAccessibilityMin",
  "lcpMsMax",
  "tbtMsMax",
  "clsMax",
  "enterToNextQuestionOverheadMsMax",
  "keystrokeToFrameMsMax",
  "visibilityPerKeystrokeMsMax",
  "reportWallSecondsMax",
  "reportPeakMemoryMbMax",
  "reportHtmlBytesMax",
];

export function readBudgets(file = BUDGETS_FILE): Budgets {
  const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  for (const key of KEYS) {
    if (typeof data[key] !== "number") throw new Error(`${file}: "${key}" must be a number`);
  }
  return data as unknown as Budgets;
}
