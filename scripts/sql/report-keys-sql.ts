/**
 * How the report's counts are keyed and read back: what is counted, a unit
 * separator, its value; and which of the two time keys (the day in the
 * survey's zone, the UTC quarter-hour) a report reads
 * (docs/developers/tallies.md, "Days and time zones").
 */

/** The unit separator that joins the parts of a key. */
export const US = "chr(31)";

/**
 * Whether a report's days are the ones the tallies count (~day, in the
 * survey's own zone, dayZone): its time zone is that zone. A report in
 * another zone reads the UTC quarter-hours (~at) instead, summed into its
 * days as they are read (summedKey). The site, the digest and `npm run
 * report` all ask in the survey's zone, so they read some 550 days for a
 * year and a half instead of 52,000 quarter-hours: grouping those was most
 * of the unfiltered view's time.
 */
export const OWN_DAYS = "coalesce(survey->>'timeZone' = survey->>'dayZone', false)";

/** What a reading of the tallies leaves out, as a key prefix: the quarter-hours its own days make needless, or another zone's days. */
export const UNREAD_KEYS = `case when ${OWN_DAYS} then '~at' else '~day' end || ${US}`;

/**
 * The key counts are summed under before they become jsonb, in a query whose
 * parameter `zone` is the report's time zone: a quarter-hour (~at) becomes
 * its day there (~day), one key a day instead of 96. Building the jsonb of a
 * year and a half's 52,000 quarter-hours took a third of the unfiltered
 * view's time.
 */
const summedKey = (zone: string): string =>
  `case when starts_with(key, '~at' || ${US}) then '~day' || ${US} || to_char(to_timestamp(substr(key, 5)::bigint * 900) at time zone ${zone}, 'YYYY-MM-DD') else key end`;

/** Counts as jsonb: (key, n) rows from `rows`, summed by key after summedKey in the zone `zone`, the keys that sum to 0 left out. */
export const countsObject = (rows: string, zone: string): string =>
  `select coalesce(jsonb_object_agg(key, n), '{}') from (select ${summedKey(zone)} as key, sum(n) as n from (${rows}) u group by 1 having sum(n) <> 0) s`;

/** The report's time zone, in SQL over its request. */
export const REPORT_ZONE = "coalesce(survey->>'timeZone', 'UTC')";
