/**
 * Whether any survey of this site keeps partial responses on the server.
 * True as written, for the dev server, the tests and the scripts; the
 * production build (scripts/vite-plugin-partial-responses.ts) reads it as
 * false when no survey file sets `partialResponses`, and the runner's
 * partial-response hook folds away: such a site's first load is unchanged.
 */
export const PARTIAL_RESPONSES: boolean = true;
