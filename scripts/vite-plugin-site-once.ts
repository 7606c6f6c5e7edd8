/**
 * A site whose surveys ask for neither one response per person nor the bot
 * check carries none of that code: its production build loads
 * src/once/site-once.ts as `ONCE_FEATURES = false`, a constant the bundler
 * inlines, so the branch that would mount src/once/ folds away.
 *
 * Only in `vite build`: the dev server keeps it true, so a survey edited to
 * ask for either works without a restart.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { usesOnceOrBotCheck } from "../src/core/once.ts";
import type { SurveyConfig } from "../src/generated/survey-config.ts";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/once/site-once.ts", import.meta.url));

/** Whether any survey file of `dir` asks for a once policy or the bot check. */
export function asksOnceOrBotCheck(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => file.data !== undefined && usesOnceOrBotCheck(file.data as SurveyConfig));
}

export function siteOncePlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "site-once",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const ONCE_FEATURES = ${asksOnceOrBotCheck(dir)};\n`;
    },
  };
}
