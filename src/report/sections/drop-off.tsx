/** Drop-off: how many visits reached each question and how many submitted, and where most left. */
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";
import { Phrase, SurveyText } from "./phrase.tsx";
import { Chart, widths } from "./table.tsx";

export function DropOff({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.dropOff;
  const { funnel, biggestDrop } = numbers;
  if (!funnel) return <p>{words.noVisits}</p>;
  const opened = funnel[0]!.visits;
  const width = widths(funnel.map((step) => step.visits));
  const label = (step: (typeof funnel)[number]) => (step.kind === "opened" ? words.opened : step.kind === "submitted" ? words.submitted : step.label!);
  return (
    <>
      {biggestDrop ? (
        <p className="drop" id="biggest-drop"><Phrase template={f.counted(words.biggestDrop, biggestDrop.lost)} values={{ question: <SurveyText text={biggestDrop.label} f={f} /> }} /></p>
      ) : (
        <p>{words.noDrop}</p>
      )}
      <Chart caption={f.counted(words.caption, opened)} columns={[{ header: words.step }, { header: words.visits, numeric: true }, { header: words.shareOfOpened, numeric: true }]}
        rows={funnel.map((step, index) => ({
          key: `${step.kind}-${step.questionId ?? ""}`,
          // The question steps are the survey's texts; the two ends are the report's words.
          lang: step.kind === "question" ? f.surveyLanguage : undefined,
          cells: [label(step), f.integer(step.visits), f.percent(opened === 0 ? null : step.visits / opened)],
          width: width[index]!,
        }))} />
    </>
  );
}
