/**
 * A site none of whose surveys sets `partialResponses` carries none of its
 * code: the production build loads src/core/site-partial-responses.ts as
 * `PARTIAL_RESPONSES = false`, which the bundler inlines, so every branch
 * for it folds away, and the runner's hook as a stub, so that not even its
 * lazy chunks are emitted (the bundler keeps the chunks of a dynamic import
 * in dead code). The dev server keeps it all.
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** Whether any survey file of `dir` keeps partial responses. */
export function keepsPartialResponses(dir: string): boolean {
  return readSurveyFiles(dir).files.some((file) => (file.data as { partialResponses?: unknown } | undefined)?.partialResponses === true);
}

export const partialResponsesPlugin = (options?: { dir?: string }) =>
  siteFlagPlugin({ name: "partial-responses", module: "core/site-partial-responses.ts", constant: "PARTIAL_RESPONSES", uses: keepsPartialResponses, stubs: { "partial-responses/use-partial-response.tsx": "export const usePartialResponse = () => undefined;\n" } }, options);
