/** Date numbers in SQL: how many answered, the earliest and latest date, and the answers per month. */
import type { ReportSql } from "../shared/report-sql.ts";

export const dateReportSql: ReportSql = {
  kind: "date",
  counters: { n: "%1$I is not null" },
  stats: "dates",
  day: "to_char(%1$I, 'YYYY-MM-DD')",
  key: `to_char(%1$I, 'YYYY-MM')`,
  many: null,
  texts: null,
};
