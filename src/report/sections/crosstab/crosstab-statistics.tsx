/** The sentences under a cross-tab: its chi-square, p and Cramér's V, the warning on small expected counts, and why a statistic is missing. */
import { interpolate } from "../../../core/interpolate.ts";
import type { CrosstabTable } from "../../crosstab/table.ts";
import type { Formatters } from "../../format.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";

interface Props { table: CrosstabTable; several: { rows: boolean; columns: boolean }; words: CrosstabWords; f: Formatters }

export function CrosstabStatisticsNote({ table, several, words, f }: Props) {
  const three = new Intl.NumberFormat(f.language, { maximumFractionDigits: 3, minimumFractionDigits: 3 });
  const p = (value: number) => (value < 0.001 ? `< ${three.format(0.001)}` : three.format(value));
  const chi = table.statistics?.chiSquare;
  return (
    <div className="crosstab-notes">
      <p className="meta">{words.legend}</p>
      {chi && <p id="chi-square">{interpolate(words.chiSquare, { statistic: f.decimal(chi.statistic), df: f.integer(chi.df), p: p(chi.p), v: three.format(chi.cramersV) })}</p>}
      {chi?.warning && <p role="note" className="warning">{interpolate(words.lowExpected, { share: f.percent(chi.lowExpected) })}</p>}
      {table.statistics && (several.rows || several.columns) && <p className="meta">{words.noChiSquare}</p>}
      {table.statistics && several.columns && <p className="meta">{words.noLetters}</p>}
      {table.hidden !== null && <p className="meta">{interpolate(words.hidden, { count: f.integer(table.hidden) })}</p>}
    </div>
  );
}
