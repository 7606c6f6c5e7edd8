/**
 * A cross-tab's counts for the report (--crosstab rows,cols):
 * report.crosstab(request, row axis, column axis), the same function the
 * results site's results_crosstab calls, through PostgREST with the service
 * key or straight through DATABASE_URL, as read-numbers.ts reads the numbers.
 */
import type { CrosstabAxis } from "../../src/report/crosstab/axes.ts";
import type { CrosstabCounts } from "../../src/report/crosstab/table.ts";
import type { DataSource } from "./read-rows.ts";
import { callReport } from "./report-call.ts";

const sqlOf = ({ id: _id, title: _title, values: _values, ...sql }: CrosstabAxis) => sql;

export const readCrosstab = (source: DataSource, request: object, rows: CrosstabAxis, columns: CrosstabAxis, signal?: AbortSignal): Promise<CrosstabCounts> =>
  callReport<CrosstabCounts>(source, "crosstab", { survey: request, row_axis: sqlOf(rows), column_axis: sqlOf(columns) }, `the cross-tab ${rows.id} × ${columns.id}`, signal);
