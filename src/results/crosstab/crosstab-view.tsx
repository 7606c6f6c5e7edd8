/**
 * The cross-tab view (?view=crosstab&rows=<axis>&cols=<axis>, with the
 * filters): two native selects of the survey's axes (src/report/crosstab/axes.ts;
 * a personal question only for a member with the grant), a button that
 * swaps them (on a phone, the side with fewer keys as columns), the table
 * and its statistics. The counts are the database's (results_crosstab).
 */
import { useMemo } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes, type CrosstabAxis } from "../../report/crosstab/axes.ts";
import { crosstabTable, type KeyNames } from "../../report/crosstab/table.ts";
import type { Formatters } from "../../report/format.ts";
import type { SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import type { ResultsWords } from "../words/index.ts";
import { CrosstabStatisticsNote } from "./crosstab-statistics.tsx";
import { CrosstabTableView } from "./crosstab-table.tsx";
import { useCrosstab } from "./use-crosstab.ts";

interface Props { config: SurveyConfig; member: Member; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }

function axisTitle(axis: CrosstabAxis, words: ResultsWords): string {
  if (axis.id === "~language") return words.filters.language;
  if (axis.id === "~ending") return words.filters.ending;
  if (axis.id === "~finished") return words.crosstab.finishedTitle;
  if (axis.id === "~week") return words.crosstab.week;
  if (axis.id === "~month") return words.crosstab.month;
  return axis.title;
}

export default function CrosstabView({ config, member, filters, words, f, search, go }: Props) {
  const w = words.crosstab;
  const axes = useMemo(() => crosstabAxes(config).filter((axis) => member.personal || !axis.personal), [config, member.personal]);
  const params = new URLSearchParams(search);
  const byId = new Map(axes.map((axis) => [axis.id, axis]));
  const rows = byId.get(params.get("rows") ?? "") ?? axes[0]!;
  const columns = byId.get(params.get("cols") ?? "") ?? axes[1] ?? axes[0]!;
  const { counts, error } = useCrosstab(config.id, rows.id, columns.id, filters);
  const names: KeyNames = useMemo(() => ({
    upTo: (b) => interpolate(w.upTo, { b: f.decimal(b) }),
    between: (a, b) => interpolate(w.between, { a: f.decimal(a), b: f.decimal(b) }),
    above: (a) => interpolate(w.above, { a: f.decimal(a) }),
    band: w.band,
    finished: w.finished,
  }), [w, f]);
  const table = counts && counts.belowMinimumGroup === undefined ? crosstabTable(rows, columns, counts, names) : null;
  const choose = (key: "rows" | "cols", id: string) => go(withParam(search, key, id));
  const select = (key: "rows" | "cols", label: string, chosen: CrosstabAxis) => (
    <label>
      {label}
      <select name={key} value={chosen.id} onChange={(event) => choose(key, event.target.value)}>
        {axes.map((axis) => <option key={axis.id} value={axis.id}>{axisTitle(axis, words)}</option>)}
      </select>
    </label>
  );
  return (
    <section className="card crosstab-view" aria-labelledby="crosstab-heading">
      <h2 id="crosstab-heading">{w.heading}</h2>
      <p className="meta">{w.choose}</p>
      <div className="filter-fields">
        {select("rows", w.rows, rows)}
        {select("cols", w.columns, columns)}
        <button type="button" onClick={() => go(withParam(withParam(search, "rows", columns.id), "cols", rows.id))}>{w.swap}</button>
      </div>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {!counts && !error && <p role="status">{words.loading}</p>}
      {counts?.belowMinimumGroup !== undefined && <p role="status">{interpolate(w.belowMinimumGroup, { count: f.integer(counts.belowMinimumGroup) })}</p>}
      {table && table.total === 0 && <p role="status">{w.empty}</p>}
      {table && table.total > 0 && (
        <>
          <CrosstabTableView table={table} caption={`${axisTitle(rows, words)} × ${axisTitle(columns, words)}`} words={w} f={f} />
          <CrosstabStatisticsNote table={table} several={{ rows: rows.kind === "many", columns: columns.kind === "many" }} words={w} f={f} />
        </>
      )}
    </section>
  );
}
