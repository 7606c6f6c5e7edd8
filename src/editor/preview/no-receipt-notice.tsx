/**
 * The preview's thank-you page shows no receipt (swapped in for
 * src/receipt/receipt-notice.tsx): nothing was stored, and the real notice
 * finds the survey through the site's route table, which the editor's build
 * does not have.
 */
export const ReceiptNotice = (_props: { language: string }) => null;
