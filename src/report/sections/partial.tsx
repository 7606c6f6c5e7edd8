/**
 * Partial responses, for a survey that keeps them: how many rows are finished
 * and how many not, and the median time on each question of each kind (the
 * medians come from the database, percentile_cont; only their formatting
 * happens here).
 */
import type { SurveyConfig } from "../../generated/survey-config.ts";
import type { Formatters } from "../format.ts";
import type { PartialNumbers } from "../partial-numbers.ts";
import { Headline } from "./summary.tsx";
import { DataTable } from "./table.tsx";

export function Partial({ partial, questions, f }: { partial: PartialNumbers; questions: SurveyConfig["questions"]; f: Formatters }) {
  const words = f.words.partial;
  const seconds = (ms: number | undefined) => (ms === undefined ? "—" : f.seconds(ms / 1000));
  return (
    <>
      <Headline stats={[["finished", words.finished, f.integer(partial.finished)], ["unfinished", words.unfinished, f.integer(partial.unfinished)]]} />
      <p className="meta">{words.note}</p>
      <h3 id="question-times">{words.times}</h3>
      <DataTable columns={[{ header: words.question }, { header: words.medianFinished, numeric: true }, { header: words.medianUnfinished, numeric: true }]}
        rows={questions.map((question) => ({
          key: question.id,
          lang: f.surveyLanguage,
          cells: [question.title, seconds(partial.medianMs.finished[question.id]), seconds(partial.medianMs.unfinished[question.id])],
        }))} />
    </>
  );
}
