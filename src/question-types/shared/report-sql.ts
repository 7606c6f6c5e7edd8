/**
 * A question type's part of the report's SQL (scripts/sql/report-sql.ts
 * gathers them into report.templates()). report.survey_numbers reads a
 * survey table in one pass for every question: each type gives SQL
 * templates that format() fills with the question's column (%1$I), the key
 * prefix of its counts (%2$L: the question's id and a unit separator) and
 * its 'other' column quoted, else a null text (%3$s), and its value computed
 * once per row (%4$I: the type's `value`, else the column). Generic over tables and
 * columns, so a new question or option never changes this SQL.
 */
export interface ReportSql {
  /** The type's name in report.templates(); types may share one. */
  kind: string;
  /** SQL of the answer read once per row, when the counters and the key would otherwise read it several times. */
  value?: string;
  /**
   * What the report counts per question besides its values: each a condition
   * on a row, counted in the one aggregate pass (count(*) filter (where …)),
   * over the table for a scan and over the inserted or deleted rows for the
   * tallies kept up to date by the table's triggers.
   */
  counters: Record<string, string>;
  /**
   * Statistics derived from the counts (never from the rows, so that a scan
   * and the tallies give the same figures): "numbers" (mean, min, max,
   * quartiles from the counts of each value, `key`), "dates" (the first and
   * last day from the counts of each day, `day`).
   */
  stats?: "numbers" | "dates";
  /** The day a row counts for "dates" (YYYY-MM-DD). */
  day?: string;
  /** The one value a row counts (a text, null for none), or null: the counting pass groups by every question's at once (grouping sets). */
  key: string | null;
  /**
   * Or the several values a row counts: `list`, a text[] per row, and
   * `element`, the key of one of its entries (%5$I, at place `place`, from
   * 1), null to skip it. Every such question's list is unnested at once
   * (unnest of several arrays, side by side) and grouped by grouping sets.
   */
  many: { list: string; element: string } | null;
  /** Which column's newest texts the report lists: the question's, its 'other' column's, or none. */
  texts: "column" | "other" | null;
}

/** JavaScript's white space (String.prototype.trim), which the page and the former report trimmed. */
const WHITE_SPACE = "E' \\t\\n\\u000b\\f\\r\\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'";

/**
 * A text counts when it has a non-space character, as in the page (btrim: a
 * regular expression per row cost seconds at a million rows). A text that
 * starts with a printable ASCII character (most answers) counts without
 * btrim, whose set of 27 characters costs about a microsecond a call: over
 * a year of responses, with some twenty such tests a row, seconds.
 */
export const HAS_TEXT = (column: string) =>
  `(case when ${column} = '' then false when ascii(${column}) between 33 and 126 then true else btrim(${column}, ${WHITE_SPACE}) <> '' end)`;

/** A choice among options: how many answered, each stored value counted; the 'other' texts. */
export const choiceReportSql: ReportSql = {
  kind: "choice",
  counters: { n: HAS_TEXT("%1$I"), others: HAS_TEXT("%3$s") },
  key: `case when ${HAS_TEXT("%1$I")} then %1$I end`,
  many: null,
  texts: "other",
};
