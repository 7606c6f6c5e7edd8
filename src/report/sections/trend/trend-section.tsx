/**
 * A question's change over time as the site and the report show it: this
 * period against the previous one (trend.ts), one row per answer with both
 * shares, the difference in points and the two-proportion test; then every
 * period as a cross-tab of the question against the week or month (the
 * cross-tab's own table, so its column letters compare every pair of
 * periods). Pure.
 */
import { interpolate } from "../../../core/interpolate.ts";
import type { CrosstabAxis } from "../../crosstab/axes.ts";
import type { CrosstabCounts } from "../../crosstab/table.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";
import type { Formatters } from "../../format.ts";
import { trendOf, type PeriodShare, type TrendBy } from "../../trend/trend.ts";
import type { TrendWords } from "../../trend/words.ts";
import { axisTitle, CrosstabSection, keyNames } from "../crosstab/crosstab-section.tsx";

interface Props { question: CrosstabAxis; periods: CrosstabAxis; counts: CrosstabCounts; words: TrendWords; crosstab: CrosstabWords; f: Formatters }

export const periodName = (key: string, by: TrendBy, words: TrendWords): string => (by === "week" ? interpolate(words.weekOf, { day: key }) : key);

export function TrendSection({ question, periods, counts, words, crosstab, f }: Props) {
  if (counts.belowMinimumGroup !== undefined) return <p role="status">{interpolate(crosstab.belowMinimumGroup, { count: f.integer(counts.belowMinimumGroup) })}</p>;
  if (counts.total === 0) return <p role="status">{words.empty}</p>;
  const trend = trendOf(question, periods, counts, keyNames(crosstab, f));
  const three = new Intl.NumberFormat(f.language, { maximumFractionDigits: 3, minimumFractionDigits: 3 });
  const p = (value: number) => (value < 0.001 ? `< ${three.format(0.001)}` : three.format(value));
  const points = new Intl.NumberFormat(f.language, { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: "exceptZero" });
  const share = (s: PeriodShare) => (s.share === null ? "—" : interpolate(words.share, { share: f.percent(s.share), count: s.count === null ? "—" : f.integer(s.count), base: s.base === null ? "—" : f.integer(s.base) }));
  const compare = interpolate(words.compare, { current: periodName(trend.current!, trend.by, words), previous: periodName(trend.previous!, trend.by, words) });
  return (
    <>
      <p className="meta">{words.intro}</p>
      <table className="crosstab trend" role="table">
        <caption>{`${axisTitle(question, crosstab)}: ${compare}`}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {[words.key, words.previous, words.current, words.change, words.test].map((heading) => <th key={heading} role="columnheader" scope="col">{heading}</th>)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {trend.rows.map((row) => (
            <tr key={row.key} role="row" className={row.significant ? "significant" : undefined}>
              <th role="rowheader" scope="row">{row.label}</th>
              <td role="cell" data-label={words.previous}>{share(row.previous)}</td>
              <td role="cell" data-label={words.current}>{share(row.current)}</td>
              <td role="cell" data-label={words.change}>{row.difference === null ? "—" : interpolate(words.points, { value: points.format(row.difference * 100) })}</td>
              <td role="cell" data-label={words.test}>{row.p !== null ? interpolate(row.significant ? words.significant : words.notSignificant, { p: p(row.p) }) : row.untested === "hidden" ? words.hidden : words.smallBase}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">{words.legend}</p>
      <h3>{words.periods}</h3>
      <CrosstabSection rows={question} columns={periods} counts={counts} words={crosstab} f={f} />
    </>
  );
}
