/** A single or multiple choice: each option's count and share of those who answered, and the "other" texts. */
import { interpolate } from "../../../core/interpolate.ts";
import type { Formatters } from "../../format.ts";
import type { ChoiceNumbers } from "../../question-numbers.ts";
import { Chart, widths } from "../table.tsx";
import type { AnswerPick } from "./pick.ts";
import { Texts } from "./texts.tsx";

export function ChoiceView({ question, f, pick }: { question: ChoiceNumbers; f: Formatters; pick?: AnswerPick | undefined }) {
  const words = f.words.question;
  const width = widths(question.options.map((option) => option.count));
  // One answer per respondent: a bar is a filter. A multiple choice's bars overlap, so they are not.
  const picking = question.kind === "choice" ? pick : undefined;
  return (
    <>
      <Chart caption={question.nWithheld ? words.answeredWithheld : f.counted(words.optionsCaption, question.n)}
        columns={[{ header: words.option }, { header: words.responses, numeric: true }, { header: question.kind === "multiple" ? words.shareMultiple : words.share, numeric: true }]}
        rows={question.options.map((option, index) => ({
          key: option.value,
          lang: f.surveyLanguage,
          cells: option.withheld ? [option.label, words.withheld, "—"] : [option.label, f.integer(option.count), f.percent(question.nWithheld ? null : option.share)],
          width: option.withheld ? 0 : width[index]!,
          ...(picking && {
            pick: {
              onPick: () => picking.pick(question.id, option.value),
              label: interpolate(picking.byBar, { value: option.label }),
              picked: picking.picked?.question === question.id && picking.picked.value === option.value,
            },
          }),
        }))} />
      {question.others && question.others.newest.length > 0 && (
        <>
          <h4 lang={question.othersLabel ? f.surveyLanguage : undefined}>{question.othersLabel ?? words.otherAnswers}</h4>
          <Texts list={question.others} f={f} />
        </>
      )}
    </>
  );
}
