/**
 * A cross-tab as it is shown: the database's counts (report.crosstab, or
 * results_crosstab for a member) and the two axes → ordered rows and
 * columns with their labels and bases, each cell's count, row and column
 * shares and letters, the totals, and the statistics when every count is
 * known. Keys the file lists come in its order,
 * then keys it no longer lists; bins in order, weeks and months by date; a
 * key nobody has is left out. A viewer's hidden counts (under the minimum
 * group) are null, every listed key stays for them (an absent base may be
 * a hidden one), and then no statistics are drawn from them. Pure.
 */
import type { CrosstabAxis } from "./axes.ts";
import { crosstabStatistics, type CrosstabStatistics } from "./statistics.ts";

/** What report.crosstab returns, with what results_crosstab adds for a viewer. */
export interface CrosstabCounts {
  total: number;
  rowsAnswered: number;
  columnsAnswered: number;
  cells: [string, string, number][];
  rowBases: Record<string, number>;
  columnBases: Record<string, number>;
  rowEdges: number[] | null;
  columnEdges: number[] | null;
  /** A viewer's view: counts under this minimum group are left out (and so are null here). */
  hidden?: number;
  /** A viewer's view of fewer respondents than the minimum group: no counts at all. */
  belowMinimumGroup?: number;
}

/** How a key without a label in the file is named: a bin from its edges (below the first, between two, above the last), or the key itself. */
export interface KeyNames {
  upTo: (edge: number) => string;
  between: (low: number, high: number) => string;
  above: (edge: number) => string;
  band: Record<string, string>;
  finished: Record<string, string>;
}

export interface Heading { key: string; label: string; base: number | null }
export interface Cell { count: number | null; rowShare: number | null; columnShare: number | null; letters: string }

export interface CrosstabTable {
  rows: Heading[];
  columns: (Heading & { letter: string })[];
  cells: Cell[][];
  total: number;
  hidden: number | null;
  statistics: CrosstabStatistics | null;
}

function headings(axis: CrosstabAxis, bases: Record<string, number>, edges: number[] | null, names: KeyNames, hidden: boolean): Heading[] {
  const listed = axis.values ?? [];
  const seen = new Set(listed.map(({ key }) => key));
  const extra = Object.keys(bases).filter((key) => !seen.has(key));
  // Numbers (a rating's points, bins) by value, else as text (weeks and months by date).
  extra.sort(extra.every((key) => /^-?\d+(\.\d+)?$/.test(key)) ? (a, b) => Number(a) - Number(b) : undefined);
  const label = (key: string): string => {
    if (axis.kind === "bins" && edges) {
      const at = Number(key) - 1;
      return at === 0 ? names.upTo(edges[0]!) : at >= edges.length ? names.above(edges[edges.length - 1]!) : names.between(edges[at - 1]!, edges[at]!);
    }
    if (axis.kind === "nps") return names.band[key] ?? key;
    if (axis.id === "~finished") return names.finished[key] ?? key;
    return key;
  };
  const bins = axis.kind === "bins" && edges ? Array.from({ length: edges.length + 1 }, (_, at) => String(at + 1)) : [];
  const keys = [...listed.map(({ key, label: own }) => ({ key, label: axis.kind === "nps" || axis.id === "~finished" ? label(key) : own })), ...[...new Set([...bins, ...extra])].map((key) => ({ key, label: label(key) }))];
  // Nobody in it: left out (a viewer's missing base may be a hidden count, so theirs stay, as "—").
  return keys.flatMap(({ key, label: text }): Heading[] => (bases[key] !== undefined ? [{ key, label: text, base: bases[key]! }] : hidden ? [{ key, label: text, base: null }] : []));
}

export function crosstabTable(rowsAxis: CrosstabAxis, columnsAxis: CrosstabAxis, counts: CrosstabCounts, names: KeyNames): CrosstabTable {
  const hidden = counts.hidden !== undefined;
  const rows = headings(rowsAxis, counts.rowBases, counts.rowEdges, names, hidden);
  const columnHeadings = headings(columnsAxis, counts.columnBases, counts.columnEdges, names, hidden);
  const found = new Map(counts.cells.map(([row, column, n]) => [`${row}\u001f${column}`, n]));
  const matrix = rows.map((row) => columnHeadings.map((column) => found.get(`${row.key}\u001f${column.key}`) ?? (hidden ? null : 0)));
  const complete = !hidden || (matrix.every((row) => row.every((n) => n !== null)) && [...rows, ...columnHeadings].every(({ base }) => base !== null));
  const statistics = complete && rows.length > 0 && columnHeadings.length > 0
    ? crosstabStatistics({ counts: matrix as number[][], columnBases: columnHeadings.map(({ base }) => base!), rowsExclusive: rowsAxis.kind !== "many", columnsExclusive: columnsAxis.kind !== "many" })
    : null;
  const share = (n: number | null, base: number | null) => (n === null || base === null || base === 0 ? null : n / base);
  return {
    rows,
    columns: columnHeadings.map((column, at) => ({ ...column, letter: statistics?.columnLetters[at] ?? "" })),
    cells: matrix.map((row, i) => row.map((count, j) => ({ count, rowShare: share(count, rows[i]!.base), columnShare: share(count, columnHeadings[j]!.base), letters: statistics?.letters?.[i]?.[j] ?? "" }))),
    total: counts.total,
    hidden: counts.hidden ?? null,
    statistics,
  };
}
