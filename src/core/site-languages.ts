/**
 * Whether this site may show a survey in several languages. True as written,
 * for the dev server, the tests and the scripts; the site's production build
 * (scripts/vite-plugin-site-languages.ts) reads it as false when none of its
 * survey files lists several languages, and the code only such surveys need
 * (routes per language, alternates, the recorded language) folds away from
 * every page.
 */
export const SEVERAL_LANGUAGES: boolean = true;
