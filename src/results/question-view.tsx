/** One question's numbers in the report's words (f.words.question): bars, texts, statistics. */
import { interpolate } from "../core/interpolate.ts";
import type { Formatters } from "../report/format.ts";
import type { ChoiceNumbers, QuestionNumbers, TextList } from "../report/question-numbers.ts";
import { Bars, widths } from "./bars.tsx";

export interface AnswerPick {
  picked: { question: string; value: string } | undefined;
  pick: (question: string, value: string) => void;
  byBar: string;
}

/** The newest texts; nothing for a viewer, whose numbers carry no text. */
function Texts({ list, f }: { list: TextList; f: Formatters }) {
  if (list.newest.length === 0) return null;
  return (
    <>
      <ul className="texts">
        {list.newest.map((entry, index) => (
          <li key={index}>
            <span lang={f.surveyLanguage}>{entry.text}</span> <time dateTime={entry.at}>{f.dateTime(entry.at)}</time>
          </li>
        ))}
      </ul>
      {list.rest > 0 && <p className="meta">{interpolate(f.words.page.more, { count: f.integer(list.rest) })}</p>}
    </>
  );
}

function Options({ question, f, pick }: { question: ChoiceNumbers; f: Formatters; pick: AnswerPick }) {
  const words = f.words.question;
  const width = widths(question.options.map((option) => option.count));
  const filterable = question.kind === "choice";
  return (
    <>
      <Bars
        caption={f.counted(words.optionsCaption, question.n)}
        headers={[words.option, words.responses, question.kind === "multiple" ? words.shareMultiple : words.share]}
        rows={question.options.map((option, index) => ({
          key: option.value,
          label: option.label,
          lang: f.surveyLanguage,
          count: f.integer(option.count),
          share: f.percent(option.share),
          width: width[index]!,
          ...(filterable && {
            pick: () => pick.pick(question.id, option.value),
            pickLabel: interpolate(pick.byBar, { value: option.label }),
            picked: pick.picked?.question === question.id && pick.picked.value === option.value,
          }),
        }))}
      />
      {question.others && question.others.newest.length > 0 && (
        <>
          <h4 lang={question.othersLabel ? f.surveyLanguage : undefined}>{question.othersLabel ?? words.otherAnswers}</h4>
          <Texts list={question.others} f={f} />
        </>
      )}
    </>
  );
}

function Body({ question, f, pick }: { question: QuestionNumbers; f: Formatters; pick: AnswerPick }) {
  const words = f.words.question;
  if (question.n === 0) return <p>{words.nobody}</p>;
  // The numbers' kinds (src/report/question-numbers.ts), which many question types share, not the types themselves.
  if (question.kind === "text") return <Texts list={question.texts} f={f} />;
  switch (question.kind) {
    case "choice":
    case "multiple":
      return <Options question={question} f={f} pick={pick} />;
    case "count":
      return null;
    case "numeric": {
      const width = widths(question.histogram.map((bar) => bar.count));
      const stats = question.stats;
      return (
        <>
          {stats && (
            <p>
              {interpolate(f.counted(words.numericCaption, stats.n), { median: f.decimal(stats.median), mean: f.decimal(stats.mean), q1: f.decimal(stats.q1), q3: f.decimal(stats.q3) })}
              {question.nps?.score != null && ` ${words.npsScore}: ${f.decimal(question.nps.score)}.`}
            </p>
          )}
          <Bars caption={interpolate(f.counted(words.histogramChart, question.n), { title: question.title })} headers={[words.value, words.responses, words.share]}
            rows={question.histogram.map((bar, index) => ({ key: String(bar.value), label: f.decimal(bar.value), count: f.integer(bar.count), share: f.percent(bar.count / question.n), width: width[index]! }))} />
        </>
      );
    }
    case "months": {
      const width = widths(question.months.map((month) => month.count));
      return <Bars caption={words.month} headers={[words.month, words.responses, words.share]}
        rows={question.months.map((month, index) => ({ key: month.month, label: month.month, count: f.integer(month.count), share: f.percent(month.count / question.n), width: width[index]! }))} />;
    }
    case "ranking": {
      const width = widths(question.options.map((option) => option.firsts));
      return <Bars caption={words.meanRank} headers={[words.option, words.firstPlaces, words.meanRank]}
        rows={question.options.map((option, index) => ({ key: option.value, label: option.label, lang: f.surveyLanguage, count: f.integer(option.firsts), share: option.meanRank === null ? "—" : f.decimal(option.meanRank), width: width[index]! }))} />;
    }
    case "matrix":
      return (
        <>
          {question.rows.map((row) => {
            const width = widths(row.columns.map((column) => column.count));
            return <Bars key={row.value} caption={row.label} headers={[words.option, words.responses, words.share]}
              rows={row.columns.map((column, index) => ({ key: column.value, label: column.label, lang: f.surveyLanguage, count: f.integer(column.count), share: f.percent(column.share), width: width[index]! }))} />;
          })}
        </>
      );
  }
}

export function QuestionView({ question, position, responses, f, pick }: { question: QuestionNumbers; position: number; responses: number; f: Formatters; pick: AnswerPick }) {
  const words = f.words.question;
  return (
    <section className="question" aria-labelledby={`q-${question.id}`}>
      <h3 id={`q-${question.id}`}>
        {position}. <span lang={f.surveyLanguage}>{question.title}</span>
      </h3>
      <p className="meta">
        {f.counted(words.answered, question.n)} {interpolate(words.shareOfResponses, { share: f.percent(responses === 0 ? null : question.n / responses) })}
      </p>
      <Body question={question} f={f} pick={pick} />
    </section>
  );
}
