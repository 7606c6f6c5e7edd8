/** Checkbox numbers in SQL: those who ticked at least one, each value counted once per row; the extra texts. */
import { HAS_TEXT, type ReportSql } from "../shared/report-sql.ts";

export const multipleReportSql: ReportSql = {
  kind: "multiple",
  aggregates: `jsonb_build_object('n', count(*) filter (where cardinality(%1$I) > 0), 'others', count(*) filter (where ${HAS_TEXT("%3$s")}))`,
  counted: `array(select distinct %2$L || v from unnest(%1$I) v where v is not null)`,
  texts: "other",
};
