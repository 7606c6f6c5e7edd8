/** A ranking: per option, how many ranked it, its mean place and how often it came first. */
import type { Formatters } from "../../format.ts";
import type { RankingNumbers } from "../../question-numbers.ts";
import { DataTable } from "../table.tsx";

export function RankingView({ question, f }: { question: RankingNumbers; f: Formatters }) {
  const words = f.words.question;
  return (
    <DataTable columns={[{ header: words.option }, { header: words.responses, numeric: true }, { header: words.meanRank, numeric: true }, { header: words.firstPlaces, numeric: true }]}
      rows={question.options.map((option) => ({
        key: option.value,
        lang: f.surveyLanguage,
        cells: [option.label, f.integer(option.count), option.meanRank === null ? "–" : f.decimal(option.meanRank), f.integer(option.firsts)],
      }))} />
  );
}
