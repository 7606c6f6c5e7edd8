/**
 * Whether any survey of this site has quotas. True as written, for the dev
 * server, the tests and the scripts; the site's production build
 * (scripts/vite-plugin-site-quotas.ts) reads it as false when no survey file
 * has `quotas`, and every branch for them (the screen-out pages' routes, the
 * refusal that leads there, the options hidden when full) folds away, so
 * such a site's files are what they were before quotas.
 */
export const SITE_QUOTAS: boolean = true;
