/**
 * A site whose surveys have no quotas carries none of their code: its
 * production build loads src/quotas/site-quotas.ts as `SITE_QUOTAS = false`,
 * a constant the bundler inlines, so every branch for quotas folds away and
 * the modules of src/quotas/ that only those branches import are dropped.
 * The dev server keeps it all.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/quotas/site-quotas.ts", import.meta.url));

/** Whether any survey file of `dir` declares quotas. */
export const declaresQuotas = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => Array.isArray((file.data as { quotas?: unknown } | undefined)?.quotas));

export function siteQuotasPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "site-quotas",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SITE_QUOTAS = ${declaresQuotas(dir)};\n`;
    },
  };
}
