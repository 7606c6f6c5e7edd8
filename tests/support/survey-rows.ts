/**
 * The shipped survey files, and valid responses built from them (see
 * scripts/lib/sample-response.ts), so that a test inserting "a valid response"
 * keeps working when an editor rewords an option. The same row with one column
 * changed is how probes are written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";

export const SHIPPED_SURVEYS = ["foreign-form", "medical-form"] as const;

export function shippedSurvey(id: (typeof SHIPPED_SURVEYS)[number]): SurveyConfig {
  return JSON.parse(readFileSync(join(import.meta.dirname, "../../surveys", `${id}.json`), "utf8"));
}

export { validRow } from "../../scripts/lib/sample-response.ts";
