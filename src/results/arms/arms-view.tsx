/**
 * A question by A/B arm (?view=arms&q=<axis>, with the filters), for a
 * survey with arms: the question against the arm counted by the database
 * (results_crosstab against ~arm, with a viewer's small counts hidden), then
 * the report's own table of shares and differences with their 95 %
 * intervals (src/report/arms/arm-comparison.ts).
 */
import { useMemo } from "react";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { armAxes } from "../../report/arms/arm-comparison.ts";
import type { CrosstabCounts } from "../../report/crosstab/table.ts";
import type { Formatters } from "../../report/format.ts";
import { ArmSection } from "../../report/sections/arms/arm-section.tsx";
import { axisTitle } from "../../report/sections/crosstab/crosstab-section.tsx";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import type { Member } from "../me.ts";
import { withParam } from "../use-address.ts";
import { useRpc } from "../use-rpc.ts";
import type { ResultsWords } from "../words/index.ts";

interface Props { config: SurveyConfig; member: Member; filters: SiteFilters; words: ResultsWords; f: Formatters; search: string; go: (search: string) => void }

export default function ArmsView({ config, member, filters, words, f, search, go }: Props) {
  const w = words.arms;
  const axes = useMemo(() => armAxes(config)!, [config]);
  const questions = axes.questions.filter((axis) => member.personal || !axis.personal);
  const question = questions.find((axis) => axis.id === new URLSearchParams(search).get("q")) ?? questions[0]!;
  const { data, error } = useRpc<CrosstabCounts>("results_crosstab", { survey: config.id, row_axis: question.id, column_axis: axes.arms.id, filters: rpcFilters(filters) }, words);
  return (
    <section className="card arms-view" aria-labelledby="arms-heading">
      <h2 id="arms-heading">{w.heading}</h2>
      <div className="filter-fields">
        <label>
          {w.question}
          <select name="q" value={question.id} onChange={(event) => go(withParam(search, "q", event.target.value))}>
            {questions.map((axis) => <option key={axis.id} value={axis.id}>{axisTitle(axis, words.crosstab)}</option>)}
          </select>
        </label>
      </div>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p role="status">{words.loading}</p>}
      {data && <ArmSection question={question} arms={axes.arms} counts={data} words={w} crosstab={words.crosstab} f={f} />}
    </section>
  );
}
