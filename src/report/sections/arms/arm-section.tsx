/**
 * A question by A/B arm as the site and the report show it (arm-comparison.ts):
 * one row per answer with its share in each arm, then each later arm's
 * difference from the control in points with its 95 % interval. Pure.
 */
import { interpolate } from "../../../core/interpolate.ts";
import { armComparison, type ArmShare, type Difference } from "../../arms/arm-comparison.ts";
import type { ArmWords } from "../../arms/words.ts";
import type { CrosstabAxis } from "../../crosstab/axes.ts";
import type { CrosstabCounts } from "../../crosstab/table.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";
import type { Formatters } from "../../format.ts";
import { axisTitle, keyNames } from "../crosstab/crosstab-section.tsx";

interface Props { question: CrosstabAxis; arms: CrosstabAxis; counts: CrosstabCounts; words: ArmWords; crosstab: CrosstabWords; f: Formatters }

export function ArmSection({ question, arms, counts, words, crosstab, f }: Props) {
  if (counts.belowMinimumGroup !== undefined) return <p role="status">{interpolate(crosstab.belowMinimumGroup, { count: f.integer(counts.belowMinimumGroup) })}</p>;
  if (counts.total === 0) return <p role="status">{words.empty}</p>;
  const comparison = armComparison(question, arms, counts, keyNames(crosstab, f));
  const control = comparison.arms[0]!.key;
  const points = new Intl.NumberFormat(f.language, { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: "exceptZero" });
  const pts = (value: number) => points.format(value * 100);
  const share = (s: ArmShare) => (s.share === null ? "—" : interpolate(words.share, { share: f.percent(s.share), count: s.count === null ? "—" : f.integer(s.count), base: s.base === null ? "—" : f.integer(s.base) }));
  const interval = (d: Difference | null) => (d === null ? words.noInterval : interpolate(words.interval, { value: pts(d.difference), low: pts(d.low), high: pts(d.high) }));
  const armHeadings = comparison.arms.map(({ key }) => interpolate(words.arm, { arm: key }));
  const differenceHeadings = comparison.arms.slice(1).map(({ key }) => interpolate(words.difference, { arm: key, control }));
  return (
    <>
      <p className="meta">{interpolate(words.intro, { control })}</p>
      <table className="crosstab arms" role="table">
        <caption>{axisTitle(question, crosstab)}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {[words.key, ...armHeadings, ...differenceHeadings].map((heading) => <th key={heading} role="columnheader" scope="col">{heading}</th>)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {comparison.rows.map((row) => (
            <tr key={row.key} role="row">
              <th role="rowheader" scope="row">{row.label}</th>
              {row.shares.map((s, at) => <td key={`s${at}`} role="cell" data-label={armHeadings[at]}>{share(s)}</td>)}
              {row.differences.map((d, at) => <td key={`d${at}`} role="cell" data-label={differenceHeadings[at]}>{interval(d)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">{words.legend}</p>
    </>
  );
}
