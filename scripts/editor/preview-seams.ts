/**
 * The editor's preview is the page's own renderer with six modules swapped,
 * in the editor's build only (the respondents' bundle is untouched): visit
 * events and drafts go nowhere, the question shown first is the one being
 * edited, the pages leave the editor's own <html lang>, <title> and <meta> alone, and the thank-you page shows no receipt. The answers' submit is a prop of the page and needs no swap.
 */
import { join } from "node:path";
import type { Plugin } from "vite";
import { REPO_ROOT } from "../lib/schema-check.ts";

const src = (path: string) => join(REPO_ROOT, "src", path);

const SWAPS: Record<string, string> = {
  [src("data/visit-events.ts")]: src("editor/preview/no-visit-events.ts"),
  [src("data/draft-storage.ts")]: src("editor/preview/no-draft-storage.ts"),
  [src("survey/use-survey-navigation.ts")]: src("editor/preview/preview-navigation.ts"),
  [src("pages/use-document-language.ts")]: src("editor/preview/no-document-language.ts"),
  [src("pages/page-meta.tsx")]: src("editor/preview/no-page-meta.tsx"),
  [src("receipt/receipt-notice.tsx")]: src("editor/preview/no-receipt-notice.tsx"),
};

export function previewSeams(): Plugin {
  return {
    name: "editor-preview-seams",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || Object.values(SWAPS).includes(importer.split("?")[0]!)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && SWAPS[resolved.id.split("?")[0]!];
      return swap ?? null;
    },
  };
}
