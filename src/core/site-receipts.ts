/**
 * Whether any survey of this site gives receipts. True as written, for the
 * dev server, the tests and the scripts; the site's production build
 * (scripts/vite-plugin-site-receipts.ts) reads it as false when no survey
 * file has `receipt`, and the receipt code (the code added to the row, the
 * notice on the thank-you page, the data page's route) folds away from
 * every page, so such a site's files are what they were before receipts.
 */
export const SITE_RECEIPTS: boolean = true;
