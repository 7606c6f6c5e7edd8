/** Checkbox numbers in SQL: those who ticked at least one, each value counted once per row; the extra texts. */
import { HAS_TEXT, type ReportSql } from "../shared/report-sql.ts";

export const multipleReportSql: ReportSql = {
  kind: "multiple",
  counters: { n: "cardinality(%1$I) > 0", others: HAS_TEXT("%3$s") },
  key: null,
  // Each value once per row: its first place only.
  many: { list: "%1$I", element: "case when array_position(%1$I, %5$I) = place then %5$I end" },
  texts: "other",
};
