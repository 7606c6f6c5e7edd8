/**
 * Segments side by side as the database counts them
 * (results_segment_columns, report.segment_columns): every question's
 * counts against the chosen segments, each question a cross-tab whose
 * columns are the segments. The columns' axis is made here from the
 * segments' ids and names; it counts a respondent in several columns when
 * the segments overlap, and then the cross-tab draws no letters (a
 * column-proportion test needs groups apart). Pure.
 */
import type { CrosstabAxis } from "../crosstab/axes.ts";
import type { CrosstabCounts } from "../crosstab/table.ts";

export interface SegmentColumns {
  total: number;
  sizes: Record<string, number>;
  overlap: boolean;
  /** Axis id → its counts × the segments; a viewer's question under the minimum group has a null total. */
  questions: Record<string, Omit<CrosstabCounts, "total"> & { total: number | null }>;
  segments: { id: string; name: string }[];
  /** A viewer's view: counts under this minimum group are left out. */
  hidden?: number;
  /** A viewer's view of fewer respondents than the minimum group: nothing else. */
  belowMinimumGroup?: number;
}

export const segmentsAxis = (segments: { id: string; name: string }[], overlap: boolean): CrosstabAxis => ({
  id: "~segments", title: "", kind: overlap ? "many" : "one", column: "", personal: false,
  values: segments.map(({ id, name }) => ({ key: id, label: name })),
});
