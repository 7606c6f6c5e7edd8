/**
 * A site whose surveys have no arms carries none of the A/B variants' code:
 * its production build loads src/core/site-arms.ts as `SITE_ARMS = false`, a
 * constant the bundler inlines, so the runner's hook, the assignment's call,
 * the draft's carry, the stored columns and the arm's conditions fold away
 * (as site-shuffle does for random order).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-arms.ts", import.meta.url));

/** Whether any survey file of `dir` declares arms. */
export const hasArms = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => Array.isArray((file.data as { arms?: unknown } | undefined)?.arms));

export function siteArmsPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  let arms = true;
  return {
    name: "site-arms",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    buildStart() {
      arms = hasArms(dir);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SITE_ARMS = ${arms};\n`;
    },
  };
}
