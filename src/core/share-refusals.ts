/**
 * The refusals of the share links' database functions (scripts/sql/share-links-sql.ts),
 * kept apart from the results site's (results-refusals.ts): a link is made and
 * revoked by `npm run team -- share`, which prints the database's message, and read by
 * anyone holding its token, who learns only "not found". Each raises its SQLSTATE with
 * an English message and its key in DETAIL (`share/<key>`). notFound is PT404, which
 * PostgREST answers with HTTP 404: an unknown, revoked and expired token are refused
 * alike, so a token tells nothing of whether it ever existed.
 */
export const SHARE_REFUSALS = {
  notFound: "PT404",
  question: "22023",
  openPeriod: "22023",
  minimumGroup: "22023",
  conflict: "23514",
  noCrosstabs: "22023",
  onlyOwners: "42501",
} as const;

export type ShareRefusal = keyof typeof SHARE_REFUSALS;

export const shareRefusalDetail = (refusal: ShareRefusal): string => `share/${refusal}`;
