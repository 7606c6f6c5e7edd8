/** Matrix numbers in SQL: how many answered; per row, how often each column was chosen. */
import type { ReportSql } from "../shared/report-sql.ts";

export const matrixReportSql: ReportSql = {
  kind: "matrix",
  counters: { n: "%1$I <> '{}'::jsonb" },
  key: null,
  many: { list: "array(select e.key || chr(31) || e.value from jsonb_each_text(%1$I) e)", element: "%5$I" },
  texts: null,
};
