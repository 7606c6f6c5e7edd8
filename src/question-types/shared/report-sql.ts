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
  /** SQL of the answer read once per row, when the aggregates would otherwise read it several times. */
  value?: string;
  /** A jsonb expression of aggregates over the rows `r` (the whole table's one aggregate pass). */
  aggregates: string;
  /** A text[] of the keys this row counts, each led by %2$L, or null: the counting pass (one unnest per row). */
  counted: string | null;
  /** Which column's newest texts the report lists: the question's, its 'other' column's, or none. */
  texts: "column" | "other" | null;
}

/** A text counts when it has a non-space character, as in the page. */
export const HAS_TEXT = (column: string) => `${column} ~ '\\S'`;

/** A choice among options: how many answered, each stored value counted; the 'other' texts. */
export const choiceReportSql: ReportSql = {
  kind: "choice",
  aggregates: `jsonb_build_object('n', count(*) filter (where ${HAS_TEXT("%1$I")}), 'others', count(*) filter (where ${HAS_TEXT("%3$s")}))`,
  counted: `case when ${HAS_TEXT("%1$I")} then array[%2$L || %1$I] end`,
  texts: "other",
};
