/**
 * A site whose surveys give no receipts carries none of their code: its
 * production build loads src/core/site-receipts.ts as `SITE_RECEIPTS = false`,
 * a constant the bundler inlines, so every branch for receipts folds away,
 * and the receipt modules that code outside src/receipt/ imports as stubs,
 * so that no chunk of theirs is emitted and nothing of them is imported
 * from the first load (the bundler keeps the chunks of a dynamic import in
 * dead code, as site-partial-responses notes). The dev server keeps it all.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { readSurveyFiles } from "./lib/survey-files.ts";

const inSrc = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const FLAG_MODULE = inSrc("core/site-receipts.ts");
/** The receipt modules imported from outside src/receipt/, and what they are without receipts. */
const STUBS: Record<string, string> = {
  [inSrc("receipt/load-data-page.ts")]: "export const loadDataPage = () => Promise.reject(new Error(\"no receipts on this site\"));\n",
  [inSrc("receipt/receipt-notice.tsx")]: "export const ReceiptNotice = () => null;\n",
  [inSrc("receipt/receipt-storage.ts")]: "export const withReceipt = (_surveyId, answers) => answers;\nexport const confirmReceipt = () => undefined;\n",
};

/** Whether any survey file of `dir` has a receipt. */
export const givesReceipts = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => (file.data as { receipt?: unknown } | undefined)?.receipt !== undefined);

export function siteReceiptsPlugin({ dir: dirOption = "surveys" } = {}): Plugin {
  let dir = "";
  let gives = true;
  return {
    name: "site-receipts",
    apply: "build",
    configResolved(config) {
      dir = resolve(config.root, dirOption);
    },
    buildStart() {
      gives = givesReceipts(dir);
    },
    load(id) {
      const path = id.split("?")[0]!;
      if (path === FLAG_MODULE) return `export const SITE_RECEIPTS = ${gives};\n`;
      if (!gives && path in STUBS) return STUBS[path];
    },
  };
}
