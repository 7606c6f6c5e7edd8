/**
 * A site whose surveys give no receipts carries none of their code: its
 * production build loads src/core/site-receipts.ts as `SITE_RECEIPTS = false`,
 * a constant the bundler inlines, so every branch for receipts folds away,
 * and the receipt modules that code outside src/receipt/ imports as stubs,
 * so that no chunk of theirs is emitted and nothing of them is imported
 * from the first load (the bundler keeps the chunks of a dynamic import in
 * dead code, as site-partial-responses notes). The dev server keeps it all.
 */
import { readSurveyFiles } from "./lib/survey-files.ts";
import { siteFlagPlugin } from "./lib/site-flag-plugin.ts";

/** The receipt modules imported from outside src/receipt/, and what they are without receipts. */
const STUBS: Record<string, string> = {
  "receipt/load-data-page.ts": "export const loadDataPage = () => Promise.reject(new Error(\"no receipts on this site\"));\n",
  "receipt/receipt-notice.tsx": "export const ReceiptNotice = () => null;\n",
  "receipt/receipt-storage.ts": "export const withReceipt = (_surveyId, answers) => answers;\nexport const confirmReceipt = () => undefined;\n",
};

/** Whether any survey file of `dir` has a receipt. */
export const givesReceipts = (dir: string): boolean => readSurveyFiles(dir).files.some((file) => (file.data as { receipt?: unknown } | undefined)?.receipt !== undefined);

export const siteReceiptsPlugin = (options?: { dir?: string }) => siteFlagPlugin({ name: "site-receipts", module: "core/site-receipts.ts", constant: "SITE_RECEIPTS", uses: givesReceipts, stubs: STUBS }, options);
