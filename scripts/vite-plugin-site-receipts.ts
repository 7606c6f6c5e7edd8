/**
 * A site whose surveys give no receipts carries none of their code: its
 * production build loads src/core/site-receipts.ts as `SITE_RECEIPTS = false`,
 * a constant the bundler inlines, so the receipt code folds away (as
 * site-consent does for consent).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-receipts.ts", import.meta.url));

/** Whether any survey file of `dir` has a receipt. */
export const givesReceipts = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => (file.data as { receipt?: unknown } | undefined)?.receipt !== undefined);

export function siteReceiptsPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "site-receipts",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SITE_RECEIPTS = ${givesReceipts(dir)};\n`;
    },
  };
}
