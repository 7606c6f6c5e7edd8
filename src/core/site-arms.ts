/**
 * Whether any survey of this site has A/B arms (arms.ts). True as written,
 * for the dev server, the tests and the scripts; the site's production build
 * (scripts/vite-plugin-site-arms.ts) reads it as false when no survey file
 * has `arms`, and every branch for them (the assignment's call, the arm's
 * wording, the stored columns, the arm's conditions) folds away: such a
 * site's first load is what it was before the feature existed.
 */
export const SITE_ARMS: boolean = true;
