/**
 * Whether any survey of this site shows options or questions in a random
 * order (shown-order.ts). True as written, for the dev server, the tests and
 * the scripts; the site's production build (scripts/vite-plugin-site-shuffle.ts)
 * reads it as false when no survey file sets `shuffleOptions` or a shuffled
 * block, and every branch for it folds away: such a site's first load is
 * what it was before the feature existed.
 */
export const SITE_SHUFFLE: boolean = true;
