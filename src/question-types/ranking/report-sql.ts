/** Ranking numbers in SQL: how many ranked; per option and place, how often it was put there (the report derives the mean rank and the first places). */
import type { ReportSql } from "../shared/report-sql.ts";

export const rankingReportSql: ReportSql = {
  kind: "ranking",
  counters: { n: "cardinality(%1$I) > 0" },
  key: null,
  many: { list: "%1$I", element: "%5$I || chr(31) || place" },
  texts: null,
};
