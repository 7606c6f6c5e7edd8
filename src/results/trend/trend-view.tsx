/**
 * The change over time (?view=trend&q=<axis>&by=week|month, with the
 * filters): a question (any axis but the week and the month themselves)
 * counted by week or month in the survey's zone by the database
 * (results_crosstab against ~week or ~month), this period against the
 * previous one with the two-proportion test (src/report/trend/trend.ts),
 * then every period.
 */
import { useMemo } from "react";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { crosstabAxes } from "../../report/crosstab/axes.ts";
import type { CrosstabCounts } from "../../report/crosstab/table.ts";
import type { Formatters } from "../../report/format.ts";
import { axisTitle } from "../../report/sections/crosstab/crosstab-section.tsx";
import { TrendSection } from "../../report/sections/trend/trend-section.tsx";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import { useRpc } from "../use-rpc.ts";
import type { ResultsWords } from "../words/index.ts";

interface Props { config: SurveyConfig; member: Member; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }

export default function TrendView({ config, member, filters, words, f, search, go }: Props) {
  const w = words.trend;
  const all = useMemo(() => crosstabAxes(config), [config]);
  const axes = all.filter((axis) => axis.kind !== "week" && axis.kind !== "month" && (member.personal || !axis.personal));
  const params = new URLSearchParams(search);
  const question = axes.find((axis) => axis.id === params.get("q")) ?? axes[0]!;
  const by = params.get("by") === "month" ? "month" : "week";
  const periods = all.find((axis) => axis.kind === by)!;
  const { data, error } = useRpc<CrosstabCounts>("results_crosstab", { survey: config.id, row_axis: question.id, column_axis: periods.id, filters: rpcFilters(filters) }, words);
  return (
    <section className="card trend-view" aria-labelledby="trend-heading">
      <h2 id="trend-heading">{w.heading}</h2>
      <div className="filter-fields">
        <label>
          {w.question}
          <select name="q" value={question.id} onChange={(event) => go(withParam(search, "q", event.target.value))}>
            {axes.map((axis) => <option key={axis.id} value={axis.id}>{axisTitle(axis, words.crosstab)}</option>)}
          </select>
        </label>
        <label>
          {w.by}
          <select name="by" value={by} onChange={(event) => go(withParam(search, "by", event.target.value === "week" ? null : event.target.value))}>
            <option value="week">{w.week}</option>
            <option value="month">{w.month}</option>
          </select>
        </label>
      </div>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p role="status">{words.loading}</p>}
      {data && <TrendSection question={question} periods={periods} counts={data} words={w} crosstab={words.crosstab} f={f} />}
    </section>
  );
}
