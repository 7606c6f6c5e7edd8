/**
 * A share link's read by GET (scripts/sql/share-cache-sql.ts): the one
 * function the API guard lets through by GET, because it writes nothing and
 * only reads a view already kept, and how long a browser or a CDN may show
 * its answer without asking the database again (and so, at most, how long a
 * revoked link's page may still be seen where it was opened).
 */
export const SHARED_GET_FUNCTION = "results_shared_kept";
export const SHARED_MAX_AGE_SECONDS = 60;
