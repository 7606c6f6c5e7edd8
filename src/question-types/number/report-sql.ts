/**
 * Numeric numbers in SQL: the histogram's counts of each value, from which
 * the report derives the mean, extremes and quartiles (percentile_cont's
 * interpolation over the counted values), whether the counts come from a
 * scan or from the tallies the table's triggers keep. A
 * typed answer is read as the page reads it (report.number_of: trimmed, the
 * first comma as the decimal point), once per row; text that is no number
 * is counted apart.
 */
import type { ReportSql } from "../shared/report-sql.ts";

/** `number` is the SQL of the answer as a float8, null when it is none. */
const numeric = (kind: string, number: string, notNumber: string, value?: string): ReportSql => ({
  kind,
  ...(value && { value }),
  counters: { n: `${number} is not null`, notNumbers: notNumber },
  stats: "numbers",
  key: `(${number})::text`,
  many: null,
  texts: null,
});

/** A number typed as text, read once per row (%4$I). */
export const numericReportSql = numeric("numeric", "%4$I", "%1$I <> '' and %4$I is null", "case when %1$I <> '' then report.number_of(%1$I) end");

/** A number stored as a number (a slider, a rating, an NPS). */
export const scaleReportSql = numeric("scale", "%1$I::float8", "false");

/**
 * The typed text as the page reads it. One expression without SET, so that
 * the planner inlines it (a function call per row would cost seconds at a
 * million rows); every name in it is pg_catalog's. Digits alone (most
 * answers) are read at once: the trims and regular expressions cost some
 * 5 µs a row, seconds over a year of responses. Parallel safe, or no
 * query that names it could use parallel workers (the planner judges the
 * call before inlining it).
 */
const TRIMMED = "pg_catalog.btrim(typed, E' \\t\\n\\r\\f\\v')";
const DOTTED = `pg_catalog.regexp_replace(${TRIMMED}, ',', '.')`;

export const NUMBER_OF = `create or replace function report.number_of(typed text)
returns float8
language sql
immutable
parallel safe
as $$
  select case
    when typed <> '' and pg_catalog.translate(typed, '0123456789', '') = '' then typed::float8
    when ${TRIMMED} = '' then 0
    when ${DOTTED} ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$' then ${DOTTED}::float8
  end
$$;`;
