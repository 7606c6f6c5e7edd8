/**
 * A question type's report numbers as one SQL function of the private
 * `report` schema (scripts/sql/report-sql.ts gathers them into a migration).
 * Every function has the same signature, so the survey's function calls
 * each question's by name: (tbl, question, since, filters) → jsonb, where
 * `question` holds {column, otherColumn, textsShown}; the body reads them as
 * %2$I (column), %3$I (the 'other' column, else the column), %4$s (texts
 * shown) and %5$L (the 'other' column or NULL). Generic over tables and
 * columns (quoted with format('%I')), so a new question or option never
 * changes this SQL.
 */
export interface ReportSql {
  /** The function's name in the `report` schema. */
  name: string;
  /** Its `create or replace function` statement. */
  definition: string;
}

/** The rows a report reads (report.rows_of: the table, --since and --where) bound as `r`. */
export const reportFunction = (name: string, body: string): ReportSql => ({
  name,
  definition: `create or replace function report.${name}(tbl text, question jsonb, since timestamptz, filters jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $fn$
declare
  result jsonb;
begin
  execute format($q$
with r as (%s)
${body}
$q$, report.rows_of(tbl, since, filters), question->>'column', coalesce(question->>'otherColumn', question->>'column'),
    coalesce((question->>'textsShown')::int, 0), question->>'otherColumn') into result;
  return result;
end
$fn$;`,
});

/**
 * The newest texts of a column (`%N$I` picks the column argument), newest
 * first, ties in the order the rows were read (by id); and how many more.
 * A text counts when it has a non-space character, as in the page.
 */
export const newestTextsSql = (argument: 2 | 3) => `(select jsonb_build_object(
  'n', count(*),
  'newest', coalesce((select jsonb_agg(jsonb_build_object('text', s.v, 'at', s.created_at) order by s.created_at desc, s.id)
    from (select %${argument}$I::text as v, created_at, id from r where %${argument}$I ~ '\\S' order by created_at desc, id limit %4$s) s), '[]'))
  from r where %${argument}$I ~ '\\S')`;

/** A choice among options: how many answered, and the count of each stored value; the 'other' texts. */
export const choiceReportSql = reportFunction(
  "choice_numbers",
  `select jsonb_build_object(
  'n', (select count(*) from r where %2$I ~ '\\S'),
  'counts', (select coalesce(jsonb_object_agg(v, c), '{}') from (select %2$I::text as v, count(*) as c from r where %2$I ~ '\\S' group by 1) t),
  'others', case when %5$L is null then null else ${newestTextsSql(3)} end)`,
);
