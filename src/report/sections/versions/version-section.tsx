/**
 * A question by definition version as the report shows it
 * (version-comparison.ts): one column per version with responses, oldest
 * first, each cell the answer's label in that version with its share of the
 * version's respondents; a version whose title differs from today's says
 * what it was. Pure.
 */
import { interpolate } from "../../../core/interpolate.ts";
import type { CrosstabAxis } from "../../crosstab/axes.ts";
import type { CrosstabCounts } from "../../crosstab/table.ts";
import type { CrosstabWords } from "../../crosstab/words.ts";
import type { Formatters } from "../../format.ts";
import { versionComparison, type PublishedVersion, type VersionCell } from "../../versions/version-comparison.ts";
import type { VersionWords } from "../../versions/words.ts";
import { axisTitle, keyNames } from "../crosstab/crosstab-section.tsx";

interface Props { question: CrosstabAxis; versions: CrosstabAxis; published: readonly PublishedVersion[]; counts: CrosstabCounts; words: VersionWords; crosstab: CrosstabWords; f: Formatters }

/** The first 8 digits name a version on screen, as a short commit does. */
export const shortVersion = (version: string) => version.slice(0, 8);

export function VersionSection({ question, versions, published, counts, words, crosstab, f }: Props) {
  const comparison = versionComparison(question, versions, published, counts, keyNames(crosstab, f));
  const dash = (n: number | null) => (n === null ? "—" : f.integer(n));
  const cell = (c: VersionCell) => interpolate(words.cell, { label: c.label, share: c.share === null ? "—" : f.percent(c.share), count: dash(c.count), base: dash(c.base) });
  const headings = comparison.versions.map(({ version, publishedAt }) => `${interpolate(words.version, { version: shortVersion(version) })}${publishedAt ? `, ${interpolate(words.published, { date: f.date(publishedAt) })}` : ""}`);
  const retitled = comparison.versions.filter(({ title }) => title !== question.title);
  return (
    <>
      <table className="crosstab versions" role="table">
        <caption>{axisTitle(question, crosstab)}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {[words.key, ...headings].map((heading) => <th key={heading} role="columnheader" scope="col">{heading}</th>)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {comparison.rows.map((row) => (
            <tr key={row.key} role="row">
              <th role="rowheader" scope="row">{row.key}</th>
              {row.cells.map((c, at) => <td key={comparison.versions[at]!.version} role="cell" data-label={headings[at]}>{cell(c)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      {retitled.map(({ version, title }) => <p key={version} className="meta">{interpolate(words.title, { version: shortVersion(version), title })}</p>)}
    </>
  );
}
