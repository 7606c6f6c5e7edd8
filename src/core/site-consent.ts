/**
 * Whether any survey of this site has a consent step. True as written, for
 * the dev server, the tests and the scripts; the site's production build
 * (scripts/vite-plugin-site-consent.ts) reads it as false when no survey file
 * declares `consent`, and the consent code folds away from every page, so
 * such a site's first load is what it was before consent existed.
 */
export const SITE_CONSENT: boolean = true;
