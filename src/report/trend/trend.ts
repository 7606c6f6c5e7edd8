/**
 * Change over time: a question's cross-tab against the week or the month
 * of the response (report.crosstab with the ~week or ~month axis, counted
 * in the survey's zone), read as this period against the previous one.
 * "This period" is the newest period anyone answered in; "the previous" is
 * the calendar period just before it (the week seven days earlier, the
 * month before), whether anyone answered then or not. Per key: its share of
 * each period's base and the pooled two-proportion z-test of the two
 * (two-sided, statistics.ts), significant at 5 %; no test when either base
 * is under 30 (as the cross-tab's letters) or a count is hidden from a
 * viewer. Several keys are tested one by one, without adjustment: each is
 * its own question ("did this share change?"). Pure.
 */
import type { CrosstabAxis } from "../crosstab/axes.ts";
import { ALPHA, LEAST_BASE, twoProportionTest } from "../crosstab/statistics.ts";
import { crosstabTable, type CrosstabCounts, type KeyNames } from "../crosstab/table.ts";

export type TrendBy = "week" | "month";

export interface PeriodShare { count: number | null; base: number | null; share: number | null }

export interface TrendRow {
  key: string;
  label: string;
  previous: PeriodShare;
  current: PeriodShare;
  /** current share − previous share, in proportion (0.05 = 5 points). */
  difference: number | null;
  z: number | null;
  p: number | null;
  significant: boolean;
  /** Why there is no test: a base under 30, or a hidden count. */
  untested: "smallBase" | "hidden" | null;
}

export interface Trend { by: TrendBy; current: string | null; previous: string | null; rows: TrendRow[] }

/** The period before a week's Monday (YYYY-MM-DD) or a month (YYYY-MM), as the database names them. */
export function previousPeriod(key: string, by: TrendBy): string {
  if (by === "month") {
    const [year, month] = key.split("-").map(Number) as [number, number];
    return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
  }
  const day = new Date(`${key}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 7);
  return day.toISOString().slice(0, 10);
}

/** The newest period with anyone in it: weeks (YYYY-MM-DD) and months (YYYY-MM) sort as text. */
const newest = (bases: Record<string, number>): string | null => Object.keys(bases).sort().at(-1) ?? null;

export function trendOf(question: CrosstabAxis, periods: CrosstabAxis, counts: CrosstabCounts, names: KeyNames): Trend {
  const by: TrendBy = periods.kind === "month" ? "month" : "week";
  const current = newest(counts.columnBases);
  const previous = current === null ? null : previousPeriod(current, by);
  const table = crosstabTable(question, periods, counts, names);
  const found = new Map(counts.cells.map(([row, column, n]) => [`${row}\u001f${column}`, n]));
  const hidden = counts.hidden !== undefined;
  const share = (key: string, period: string | null): PeriodShare => {
    if (period === null) return { count: null, base: null, share: null };
    const base = counts.columnBases[period] ?? (hidden ? null : 0);
    const count = found.get(`${key}\u001f${period}`) ?? (hidden ? null : 0);
    return { count, base, share: count === null || base === null || base === 0 ? null : count / base };
  };
  const rows = table.rows.map(({ key, label }): TrendRow => {
    const before = share(key, previous);
    const now = share(key, current);
    const difference = before.share === null || now.share === null ? null : now.share - before.share;
    const untested = before.count === null || now.count === null || before.base === null || now.base === null ? "hidden" : before.base < LEAST_BASE || now.base < LEAST_BASE ? "smallBase" : null;
    const test = untested === null ? twoProportionTest(before.count!, before.base!, now.count!, now.base!) : null;
    return { key, label, previous: before, current: now, difference, z: test?.z ?? null, p: test?.p ?? null, significant: test !== null && test.p < ALPHA, untested };
  });
  return { by, current, previous, rows };
}
