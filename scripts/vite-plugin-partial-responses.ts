/**
 * A site none of whose surveys sets `partialResponses` carries none of its
 * code: the production build loads src/core/site-partial-responses.ts as
 * `PARTIAL_RESPONSES = false`, which the bundler inlines, so every branch
 * for it folds away, and the runner's hook as a stub, so that not even its
 * lazy chunks are emitted (the bundler keeps the chunks of a dynamic import
 * in dead code). The dev server keeps it all.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const FLAG_MODULE = fileURLToPath(new URL("../src/core/site-partial-responses.ts", import.meta.url));
const HOOK_MODULE = fileURLToPath(new URL("../src/partial-responses/use-partial-response.tsx", import.meta.url));

/** Whether any survey file of `dir` keeps partial responses. */
export function keepsPartialResponses(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => (file.data as { partialResponses?: unknown } | undefined)?.partialResponses === true);
}

export function partialResponsesPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  let keeps = true;
  return {
    name: "partial-responses",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    buildStart() {
      keeps = keepsPartialResponses(dir);
    },
    load(id) {
      const path = id.split("?")[0];
      if (path === FLAG_MODULE) return `export const PARTIAL_RESPONSES = ${keeps};\n`;
      if (path === HOOK_MODULE && !keeps) return "export const usePartialResponse = () => undefined;\n";
    },
  };
}
