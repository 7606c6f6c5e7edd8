/** Date numbers in SQL: how many answered, the earliest and latest date, and the answers per month. */
import type { ReportSql } from "../shared/report-sql.ts";

export const dateReportSql: ReportSql = {
  kind: "date",
  aggregates: `jsonb_build_object('n', count(%1$I), 'first', min(%1$I), 'last', max(%1$I))`,
  key: `to_char(%1$I, 'YYYY-MM')`,
  many: null,
  texts: null,
};
