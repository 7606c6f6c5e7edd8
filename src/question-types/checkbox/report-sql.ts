/** Checkbox numbers in SQL: those who ticked at least one, each value counted once per row; the extra texts. */
import { newestTextsSql, reportFunction } from "../shared/report-sql.ts";

export const multipleReportSql = reportFunction(
  "multiple_numbers",
  `select jsonb_build_object(
  'n', (select count(*) from r where cardinality(%2$I) > 0),
  'counts', (select coalesce(jsonb_object_agg(v, c), '{}') from (select v, count(*) as c from r, lateral (select distinct unnest(%2$I) as v) u group by 1) t),
  'others', case when %5$L is null then null else ${newestTextsSql(3)} end)`,
);
