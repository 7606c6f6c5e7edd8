/**
 * Whether any survey of this site asks for one response per person or the
 * bot check (src/core/once.ts). True as written, for the dev server and the
 * tests; the production build (scripts/vite-plugin-site-once.ts) reads it as
 * false when no survey file does, and every branch of src/once/ folds away
 * from every page: such a site loads no byte of it.
 */
export const ONCE_FEATURES: boolean = true;
