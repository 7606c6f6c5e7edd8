/**
 * The cross-tab view (?view=crosstab&rows=<axis>&cols=<axis>, with the
 * filters): two native selects of the survey's axes (src/report/crosstab/axes.ts;
 * a personal question only for a member with the grant), a button that
 * swaps them (on a phone, the side with fewer keys as columns), the table
 * and its statistics. The counts are the database's (results_crosstab).
 */
import { useMemo } from "react";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes, type CrosstabAxis } from "../../report/crosstab/axes.ts";
import type { Formatters } from "../../report/format.ts";
import { axisTitle, CrosstabSection, keyNames } from "../../report/sections/crosstab/crosstab-section.tsx";
import { crosstabTable, type CrosstabCounts } from "../../report/crosstab/table.ts";
import { crosstabCsv, crosstabCsvName } from "../../report/crosstab/csv.ts";
import type { CrosstabWords } from "../../report/crosstab/words.ts";
import type { SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import type { ResultsWords } from "../words/index.ts";
import { useCrosstab } from "./use-crosstab.ts";

interface Props { config: SurveyConfig; member: Member; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }

export default function CrosstabView({ config, member, filters, words, f, search, go }: Props) {
  const w = words.crosstab;
  const axes = useMemo(() => crosstabAxes(config).filter((axis) => member.personal || !axis.personal), [config, member.personal]);
  const params = new URLSearchParams(search);
  const byId = new Map(axes.map((axis) => [axis.id, axis]));
  const rows = byId.get(params.get("rows") ?? "") ?? axes[0]!;
  const columns = byId.get(params.get("cols") ?? "") ?? axes[1] ?? axes[0]!;
  const { counts, error } = useCrosstab(config.id, rows.id, columns.id, filters, words);
  const choose = (key: "rows" | "cols", id: string) => go(withParam(search, key, id));
  const select = (key: "rows" | "cols", label: string, chosen: CrosstabAxis) => (
    <label>
      {label}
      <select name={key} value={chosen.id} onChange={(event) => choose(key, event.target.value)}>
        {axes.map((axis) => <option key={axis.id} value={axis.id}>{axisTitle(axis, w)}</option>)}
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
      {error && <p role="alert">{error}</p>}
      {!counts && !error && <p role="status">{words.loading}</p>}
      {counts && <CrosstabSection rows={rows} columns={columns} counts={counts} words={w} f={f} />}
      {counts && counts.belowMinimumGroup === undefined && counts.total > 0 && (
        <button type="button" onClick={() => download(config.id, rows, columns, counts, w, f)}>{w.download}</button>
      )}
    </section>
  );
}

/** The table on the screen as CSV (src/report/crosstab/csv.ts), saved as a download: the same numbers, nothing counted again. */
function download(survey: string, rows: CrosstabAxis, columns: CrosstabAxis, counts: CrosstabCounts, words: CrosstabWords, f: Formatters) {
  const text = crosstabCsv(crosstabTable(rows, columns, counts, keyNames(words, f)), { rows: axisTitle(rows, words), columns: axisTitle(columns, words) }, words);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  link.download = crosstabCsvName(survey, rows.id, columns.id);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
