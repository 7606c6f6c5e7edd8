/** A date: the earliest and the latest answer, and the answers per month. */
import type { Formatters } from "../../format.ts";
import type { MonthNumbers } from "../../question-numbers.ts";
import { Chart, widths } from "../table.tsx";

export function MonthsView({ question, f }: { question: MonthNumbers; f: Formatters }) {
  const words = f.words.question;
  const width = widths(question.months.map((month) => month.count));
  return (
    <>
      {question.first && question.last && <p>{`${words.min}: ${question.first} · ${words.max}: ${question.last}`}</p>}
      <Chart caption={words.month} columns={[{ header: words.month }, { header: words.responses, numeric: true }]}
        rows={question.months.map((month, index) => ({ key: month.month, cells: [month.month, f.integer(month.count)], width: width[index]! }))} />
    </>
  );
}
