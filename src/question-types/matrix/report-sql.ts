/** Matrix numbers in SQL: how many answered; per row, how often each column was chosen. */
import type { ReportSql } from "../shared/report-sql.ts";

export const matrixReportSql: ReportSql = {
  kind: "matrix",
  aggregates: `jsonb_build_object('n', count(*) filter (where %1$I <> '{}'::jsonb))`,
  key: null,
  many: { list: "array(select e.key || chr(31) || e.value from jsonb_each_text(%1$I) e)", element: "%5$I" },
  texts: null,
};
