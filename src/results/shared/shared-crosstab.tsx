/** A share link's cross-tab: two of its questions chosen with native selects, the table drawn by the report's CrosstabTableView (withheld cells say so). */
import { useEffect, useState } from "react";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import type { Formatters } from "../../report/format.ts";
import { readableText } from "../../core/readable-text.ts";
import { interpolate } from "../../core/interpolate.ts";
import { CrosstabTableView } from "../../report/sections/crosstab/crosstab-table.tsx";
import type { ResultsWords } from "../words/index.ts";
import { sharedCrosstabTable, type SharedCrosstab as Answer, type SharedNumbers } from "./shared-numbers.ts";
import { sharedView } from "./shared-rpc.ts";

interface Props { token: string; config: SurveyConfig; link: SharedNumbers; words: ResultsWords; f: Formatters }

export function SharedCrosstab({ token, config, link, words, f }: Props) {
  const w = words.shared;
  const axes = config.questions.filter((question) => link.questions.includes(question.id) && link.numbers?.[question.id]?.kind !== "text");
  const [chosen, setChosen] = useState<[string, string]>([axes[0]?.id ?? "", axes[1]?.id ?? ""]);
  const [answer, setAnswer] = useState<{ for: string; t: Answer } | { for: string; failed: string } | null>(null);
  const key = chosen.join("\u001f");
  useEffect(() => {
    if (!chosen[0] || !chosen[1] || chosen[0] === chosen[1]) return;
    sharedView<Answer>("results_shared_crosstab", { token, row_axis: chosen[0], column_axis: chosen[1] }).then(
      (t) => setAnswer({ for: key, t }),
      (failure: unknown) => setAnswer({ for: key, failed: String(failure) }),
    );
  }, [key]);
  const title = (id: string) => readableText(config.questions.find((question) => question.id === id)!.title);
  const select = (at: 0 | 1, label: string) => (
    <label>
      {label}
      <select value={chosen[at]} onChange={(event) => setChosen(at === 0 ? [event.target.value, chosen[1]] : [chosen[0], event.target.value])}>
        {axes.map((question) => <option key={question.id} value={question.id} lang={f.surveyLanguage}>{title(question.id)}</option>)}
      </select>
    </label>
  );
  const shown = answer && answer.for === key ? answer : null;
  return (
    <section className="card crosstab-view" aria-labelledby="shared-crosstab">
      <h2 id="shared-crosstab">{w.crosstab}</h2>
      <div className="crosstab-axes">{select(0, w.rows)}{select(1, w.columns)}</div>
      {shown && "failed" in shown && <p role="alert">{interpolate(words.failed, { message: shown.failed })}</p>}
      {shown && "t" in shown && (shown.t.changed ? <p>{w.changed}</p> : shown.t.withheldWhole ? <p>{w.withheldWhole}</p> : (
        <CrosstabTableView table={sharedCrosstabTable(config, link, chosen[0], chosen[1], shown.t, { others: w.others, none: w.none })}
          caption={`${title(chosen[0])} × ${title(chosen[1])}`} words={words.crosstab} f={f} withheld={f.words.question.withheld} />
      ))}
    </section>
  );
}
