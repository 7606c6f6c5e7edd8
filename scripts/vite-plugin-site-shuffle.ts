/**
 * A site whose surveys shuffle nothing carries none of the random-order code:
 * its production build loads src/core/site-shuffle.ts as `SITE_SHUFFLE =
 * false`, a constant the bundler inlines, so the runner's hook, the draw,
 * the draft's fit and the stored column fold away (as site-consent does for
 * consent).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-shuffle.ts", import.meta.url));

type Loose = { questions?: { shuffleOptions?: unknown }[]; questionBlocks?: { shuffleQuestions?: unknown }[] } | undefined;

/** Whether any survey file of `dir` shuffles options or a block of questions. */
export function shufflesAnything(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => {
    const data = file.data as Loose;
    return (data?.questions ?? []).some((question) => question?.shuffleOptions === true) || (data?.questionBlocks ?? []).some((block) => block?.shuffleQuestions === true);
  });
}

export function siteShufflePlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  let shuffles = true;
  return {
    name: "site-shuffle",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    buildStart() {
      shuffles = shufflesAnything(dir);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const SITE_SHUFFLE = ${shuffles};\n`;
    },
  };
}
