/**
 * A chart as the site draws it: one row per value, its count, its share and
 * a bar, in a table (screen readers read the numbers, not the bar). A row
 * whose value can filter the view is a button ("Filtrar por …").
 */
export interface BarRow {
  key: string;
  label: string;
  count: string;
  share: string;
  /** 0..1 of the longest bar. */
  width: number;
  /** The survey's language for the survey's own texts. */
  lang?: string;
  pick?: () => void;
  pickLabel?: string;
  picked?: boolean;
}

export function Bars({ caption, headers, rows }: { caption: string; headers: [string, string, string]; rows: BarRow[] }) {
  return (
    <table className="bars">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col" className="numeric">{headers[1]}</th>
          <th scope="col" className="numeric">{headers[2]}</th>
          <td aria-hidden="true" />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.picked ? "picked" : undefined}>
            <th scope="row" lang={row.lang}>
              {row.pick ? (
                <button type="button" className="link" onClick={row.pick} aria-pressed={row.picked ?? false} aria-label={row.pickLabel}>
                  {row.label}
                </button>
              ) : (
                row.label
              )}
            </th>
            <td className="numeric">{row.count}</td>
            <td className="numeric">{row.share}</td>
            <td className="bar-cell" aria-hidden="true">
              <span className="bar" style={{ width: `${Math.round(row.width * 100)}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Widths relative to the largest count (a chart of zeros draws no bar). */
export function widths(counts: readonly number[]): number[] {
  const top = Math.max(0, ...counts);
  return counts.map((count) => (top === 0 ? 0 : count / top));
}
