/**
 * A site none of whose surveys sets `partialResponses` carries none of its
 * code: the production build loads src/core/site-partial-responses.ts as
 * `PARTIAL_RESPONSES = false`, which the bundler inlines, so the runner's
 * hook and its lazy chunks fold away. The dev server keeps it true.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-partial-responses.ts", import.meta.url));

/** Whether any survey file of `dir` keeps partial responses. */
export function keepsPartialResponses(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => (file.data as { partialResponses?: unknown } | undefined)?.partialResponses === true);
}

export function partialResponsesPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  return {
    name: "partial-responses",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    load(id) {
      if (id.split("?")[0] === FLAG_MODULE) return `export const PARTIAL_RESPONSES = ${keepsPartialResponses(dir)};\n`;
    },
  };
}
