/**
 * The tables every section draws: a plain table of numbers, and a chart,
 * which is the same table with a bar per row (an SVG rect sized by an
 * attribute: no inline style, so the report file's policy, which allows
 * only its own stylesheet, draws it too). Screen readers read the numbers;
 * the bar is hidden from them. A row whose value can filter the site's view
 * is a button ("Filtrar por …").
 */
import type { ReactNode } from "react";

export interface Column {
  header: string;
  numeric?: boolean;
}

export interface Row {
  key: string;
  /** The row's header cell first, then one cell per other column. */
  cells: ReactNode[];
  /** The survey's language, for a row header that is the survey's text (an option, a title). */
  lang?: string | undefined;
  /** 0..1 of the longest bar, in a chart. */
  width?: number;
  pick?: { onPick: () => void; label: string; picked: boolean };
}

export function DataTable({ columns, rows, className, caption }: { columns: Column[]; rows: Row[]; className?: string; caption?: string }) {
  const bars = rows.some((row) => row.width !== undefined);
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => <th key={index} scope="col" className={column.numeric ? "num" : undefined}>{column.header}</th>)}
          {bars && <td className="bar-cell" aria-hidden="true" />}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.pick?.picked ? "picked" : undefined}>
            <th scope="row" lang={row.lang}>
              {row.pick ? <button type="button" className="link" onClick={row.pick.onPick} aria-pressed={row.pick.picked} aria-label={row.pick.label}>{row.cells[0]}</button> : row.cells[0]}
            </th>
            {row.cells.slice(1).map((cell, index) => <td key={index} className={columns[index + 1]?.numeric ? "num" : undefined}>{cell}</td>)}
            {bars && (
              <td className="bar-cell" aria-hidden="true">
                <svg className="bar" width="100%" height="14" focusable="false"><rect width={`${Math.round((row.width ?? 0) * 1000) / 10}%`} height="14" rx="2" /></svg>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart: its bars in a table, and what it shows under it. */
export function Chart({ caption, columns, rows }: { caption: string; columns: Column[]; rows: Row[] }) {
  return (
    <figure>
      <DataTable className="bars" columns={columns} rows={rows} />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** Widths relative to the largest count (a chart of zeros draws no bar). */
export function widths(counts: readonly number[]): number[] {
  const top = Math.max(0, ...counts);
  return counts.map((count) => (top === 0 ? 0 : count / top));
}
