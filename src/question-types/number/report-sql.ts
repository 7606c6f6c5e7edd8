/**
 * Numeric numbers in SQL: a histogram of every value and its quantiles
 * (percentile_cont). A typed answer is read as the page reads it: trimmed,
 * the first comma as the decimal point; text that is no number is counted
 * apart (notNumbers).
 */
import { reportFunction } from "../shared/report-sql.ts";

export const numericReportSql = reportFunction(
  "numeric_numbers",
  `, typed as (select regexp_replace(btrim(%2$I::text, E' \\t\\n\\r\\f\\v'), ',', '.') as t from r where %2$I is not null and %2$I::text <> ''),
x as (select case when t = '' then 0 when t ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$' then t::float8 end as x from typed)
select jsonb_build_object(
  'notNumbers', count(*) - count(x),
  'histogram', (select coalesce(jsonb_agg(jsonb_build_array(x, c) order by x), '[]') from (select x, count(*) as c from x where x is not null group by x) h),
  'stats', case when count(x) > 0 then jsonb_build_object('n', count(x), 'mean', avg(x), 'min', min(x), 'max', max(x),
    'q1', percentile_cont(0.25) within group (order by x), 'median', percentile_cont(0.5) within group (order by x), 'q3', percentile_cont(0.75) within group (order by x)) end)
from x`,
);
