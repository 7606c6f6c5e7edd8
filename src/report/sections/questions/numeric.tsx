/** A number, slider, rating or NPS: mean, quartiles and extremes (percentile_cont), the NPS groups and score, and the histogram. */
import { interpolate } from "../../../core/interpolate.ts";
import type { NpsScore } from "../../../question-types/nps/score.ts";
import type { Formatters } from "../../format.ts";
import type { NumericNumbers } from "../../question-numbers.ts";
import { Chart, DataTable, widths } from "../table.tsx";

/** Promoters, passives and detractors with their shares, and the score under them. */
function Nps({ nps, f }: { nps: NpsScore; f: Formatters }) {
  const words = f.words.question;
  const share = (count: number) => f.percent(nps.n === 0 ? null : count / nps.n);
  const groups: [string, number][] = [[words.promoters, nps.promoters], [words.passives, nps.passives], [words.detractors, nps.detractors]];
  return (
    <>
      <DataTable className="stats nps" columns={[{ header: words.measure }, { header: words.responses, numeric: true }, { header: words.share, numeric: true }]}
        rows={groups.map(([name, count]) => ({ key: name, cells: [name, f.integer(count), share(count)] }))} />
      {nps.score !== null && <p className="nps-score">{words.npsScore}: <strong>{f.decimal(nps.score)}</strong></p>}
    </>
  );
}

export function NumericView({ question, f }: { question: NumericNumbers; f: Formatters }) {
  const { stats } = question;
  const words = f.words.question;
  const measures: [string, number][] = stats
    ? [[words.mean, stats.mean], [words.min, stats.min], [words.q1, stats.q1], [words.median, stats.median], [words.q3, stats.q3], [words.max, stats.max]]
    : [];
  const notNumbers = question.notNumbers > 0 ? ` ${f.counted(words.notNumbers, question.notNumbers)}` : "";
  const caption = stats
    ? interpolate(f.counted(words.numericCaption, question.n), { median: f.decimal(stats.median), mean: f.decimal(stats.mean), q1: f.decimal(stats.q1), q3: f.decimal(stats.q3) })
    : words.noAnswers;
  const width = widths(question.histogram.map((bar) => bar.count));
  return (
    <>
      <DataTable className="stats" columns={[{ header: words.measure }, { header: words.value, numeric: true }]} rows={measures.map(([name, value]) => ({ key: name, cells: [name, f.decimal(value)] }))} />
      {question.nps && <Nps nps={question.nps} f={f} />}
      <Chart caption={`${caption}${notNumbers}`} columns={[{ header: words.value }, { header: words.responses, numeric: true }, { header: words.share, numeric: true }]}
        rows={question.histogram.map((bar, index) => ({ key: String(bar.value), cells: [f.decimal(bar.value), f.integer(bar.count), f.percent(question.n === 0 ? null : bar.count / question.n)], width: width[index]! }))} />
    </>
  );
}
