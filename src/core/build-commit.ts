/**
 * The commit the page was built from, stored beside the definition's version
 * (definition-version.ts). Null as written, for the dev server, the tests and
 * the editor's preview; a production build (scripts/vite-plugin-build-commit.ts)
 * loads this module with the commit in its place. Only toRow imports it, so
 * it travels in the submit's chunk, not in the first load.
 */
export const BUILD_COMMIT: string | null = null;
