/** The performance budgets, one file: bench/budgets.json. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./build.ts";

export interface Budgets {
  firstLoadJsGzipBytesMax: number;
  /** How much the first-load JS+CSS of / may grow when the project has 12 more surveys. */
  firstLoadGrowthWith12MoreSurveysGzipBytesMax: number;
  lighthousePerformanceMin: number;
  lighthouseAccessibilityMin: number;
  lcpMsMax: number;
  /** The route's median LCP minus the control page's, from the same rounds. */
  lcpOverControlMsMax: number;
  tbtMsMax: number;
  tbtOverControlMsMax: number;
  /** LCP and TBT medians of the cold runs (a fresh Chromium and profile each). */
  coldLcpMsMax: number;
  coldTbtMsMax: number;
  clsMax: number;
  /** Median Enter → next question minus the control page's, interleaved in the same browser. */
  enterOverControlMsMax: number;
  /** Median keystroke → next frame minus the control page's, interleaved in the same browser. */
  keystrokeOverControlMsMax: number;
  visibilityPerKeystrokeMsMax: number;
  /** The editor at 4x CPU in a cold Chromium: median keydown in a title → the preview showing it (foreign-form). */
  editorKeystrokeToPreviewMsMax: number;
  /** The editor at 4x CPU in a cold Chromium: click on a 200-question survey → its question list and preview shown. */
  editorOpenLargeSurveyMsMax: number;
  reportWallSecondsMax: number;
  reportPeakMemoryMbMax: number;
  reportHtmlBytesMax: number;
  /** The results site on 1,000,000 responses (npm run bench:results): the requests of its first view after sign-in. */
  resultsFirstViewMsMax: number;
  /** The built site opened cold in Chromium with a sign-in link, until the summary's figures are painted. */
  resultsFirstPaintMsMax: number;
  /** A filtered view's numbers (date range, hidden field, one answer). */
  resultsFilteredMsMax: number;
  /** One page of the responses list, however deep. */
  resultsPageMsMax: number;
  /** The themes of one free text over 100,000 answers (results_themes). */
  resultsThemesMsMax: number;
  /** The terms that distinguish a group from the rest, over the same answers (results_theme_contrast). */
  resultsThemesContrastMsMax: number;
  /** How much the export's heap may grow between its first page and its last: flat, whatever the rows. */
  resultsExportHeapGrowthMbMax: number;
  /** A cross-tab of two random questions, unfiltered (results_crosstab): the median and the 95th percentile over the pairs. */
  resultsCrosstabP50MsMax: number;
  resultsCrosstabP95MsMax: number;
  /** Four segments side by side for every question (results_segment_columns). */
  resultsSegmentsMsMax: number;
  /** A question by week over a year (results_crosstab against ~week, a year's filter). */
  resultsTrendMsMax: number;
  /** A share link's page on the phone profile (4x CPU, slow 4G) opened again with the browser's cache warm, until its intro is painted (bench:results). */
  resultsSharedWarmPaintMsMax: number;
}

export const BUDGETS_FILE = join(REPO_ROOT, "bench", "budgets.json");

const KEYS: (keyof Budgets)[] = [
  "firstLoadJsGzipBytesMax",
  "firstLoadGrowthWith12MoreSurveysGzipBytesMax",
  "lighthousePerformanceMin",
  "lighthouseAccessibilityMin",
  "lcpMsMax",
  "lcpOverControlMsMax",
  "tbtMsMax",
  "tbtOverControlMsMax",
  "coldLcpMsMax",
  "coldTbtMsMax",
  "clsMax",
  "enterOverControlMsMax",
  "keystrokeOverControlMsMax",
  "visibilityPerKeystrokeMsMax",
  "editorKeystrokeToPreviewMsMax",
  "editorOpenLargeSurveyMsMax",
  "reportWallSecondsMax",
  "reportPeakMemoryMbMax",
  "reportHtmlBytesMax",
  "resultsFirstViewMsMax",
  "resultsFirstPaintMsMax",
  "resultsFilteredMsMax",
  "resultsPageMsMax",
  "resultsExportHeapGrowthMbMax",
  "resultsCrosstabP50MsMax",
  "resultsCrosstabP95MsMax",
  "resultsSegmentsMsMax",
  "resultsTrendMsMax",
  "resultsSharedWarmPaintMsMax",
];

export function readBudgets(file = BUDGETS_FILE): Budgets {
  const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  for (const key of KEYS) {
    if (typeof data[key] !== "number") throw new Error(`${file}: "${key}" must be a number`);
  }
  return data as unknown as Budgets;
}
