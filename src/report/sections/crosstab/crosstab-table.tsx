/**
 * A cross-tab as a table: a row per row key (its base), a column per column
 * key (its letter and base), each cell its count, column % and row % and the
 * letters of the columns it is significantly above; totals last. On a phone
 * each row stacks into a card whose cells name their column (results.css):
 * the roles keep it a table for screen readers when CSS changes its display.
 */
import type { Formatters } from "../../format.ts";
import type { CrosstabTable } from "../../crosstab/table.ts";
import { interpolate } from "../../../core/interpolate.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";

/** More columns than this stack at any width. */
const WIDE = 6;

/** withheld: what a count the database withheld says (a share link's "oculto"); else "—". */
interface Props { table: CrosstabTable; caption: string; words: CrosstabWords; f: Formatters; withheld?: string }

export function CrosstabTableView({ table, caption, words, f, withheld = "—" }: Props) {
  const count = (n: number | null) => (n === null ? withheld : f.integer(n));
  const base = (n: number | null) => interpolate(words.base, { count: count(n) });
  const columnName = (at: number) => `${table.columns[at]!.label}${table.columns[at]!.letter && ` (${table.columns[at]!.letter})`}`;
  return (
    <table className={table.columns.length > WIDE ? "crosstab stacked" : "crosstab"} role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <td role="cell" />
          {table.columns.map((column, at) => (
            <th key={column.key} role="columnheader" scope="col">
              {columnName(at)} <span className="base">{base(column.base)}</span>
            </th>
          ))}
          <th role="columnheader" scope="col">{words.total}</th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {table.rows.map((row, i) => (
          <tr key={row.key} role="row">
            <th role="rowheader" scope="row">{row.label} <span className="base">{base(row.base)}</span></th>
            {table.cells[i]!.map((cell, j) => (
              <td key={table.columns[j]!.key} role="cell" data-label={columnName(j)}>
                <span className="cell">
                  <span className="count">{count(cell.count)}</span> · <span className="share">{f.percent(cell.columnShare)}</span> · <span className="share row-share">{f.percent(cell.rowShare)}</span>
                  {cell.letters && <> <b className="letters">{cell.letters}</b></>}
                </span>
              </td>
            ))}
            <td role="cell" data-label={words.total}>{count(row.base)}</td>
          </tr>
        ))}
        <tr role="row" className="totals">
          <th role="rowheader" scope="row">{words.total}</th>
          {table.columns.map((column, j) => <td key={column.key} role="cell" data-label={columnName(j)}>{count(column.base)}</td>)}
          <td role="cell" data-label={words.total}>{f.integer(table.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}
