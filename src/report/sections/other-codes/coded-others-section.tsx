/**
 * The report's coded "other" answers: for each field the team has coded,
 * the totals raw and coded (equal: each answer counts once), the answers by
 * code, a single choice's counts as given and coded, and the texts as
 * written with their code, most frequent first. Respondents' texts and the
 * question's options carry the survey's language.
 */
import { interpolate } from "../../../core/interpolate.ts";
import type { Formatters } from "../../format.ts";
import { codeRows, type CodedOther } from "../../other-codes/coded-others.ts";
import type { OtherCodesWords } from "../../other-codes/words.ts";
import { TEXTS_SHOWN } from "../../question-numbers.ts";
import { Phrase, SurveyText } from "../phrase.tsx";
import { CodedTable } from "./coded-table.tsx";

interface Props { others: CodedOther[]; words: OtherCodesWords; f: Formatters }

function CodedField({ other, words, f }: { other: CodedOther; words: OtherCodesWords; f: Formatters }) {
  const { data } = other;
  const code = (value: string | null) => (value === null ? <em>{words.uncoded}</em> : other.options.includes(value) ? <SurveyText text={value} f={f} /> : value);
  const question = { question: <SurveyText text={other.title} f={f} /> };
  const shown = data.texts.slice(0, TEXTS_SHOWN);
  return (
    <section className="coded-other" aria-labelledby={`coded-${other.field}`} data-field={other.field}>
      <h3 id={`coded-${other.field}`} lang={f.surveyLanguage}>{other.title}</h3>
      <p className="n" role="status">{interpolate(words.totals, { raw: f.integer(data.rawTotal), coded: f.integer(data.codedTotal) })}</p>
      <table className="codes">
        <caption><Phrase template={words.codes.caption} values={question} /></caption>
        <thead><tr><th scope="col">{words.codes.code}</th><th scope="col" className="num">{words.codes.answers}</th></tr></thead>
        <tbody>{codeRows(data.coded).map((row) => <tr key={row.code ?? ""}><th scope="row">{code(row.code)}</th><td className="num">{f.integer(row.answers)}</td></tr>)}</tbody>
      </table>
      {data.kind === "one" && <CodedTable data={data} question={other.title} options={other.options} words={words.table} f={f} />}
      <table className="texts">
        <caption><Phrase template={words.texts.caption} values={question} /></caption>
        <thead><tr><th scope="col">{words.texts.text}</th><th scope="col" className="num">{words.texts.answers}</th><th scope="col">{words.texts.code}</th></tr></thead>
        <tbody>{shown.map((text) => <tr key={text.key}><th scope="row" lang={f.surveyLanguage}>{text.sample}</th><td className="num">{f.integer(text.answers)}</td><td>{code(text.code)}</td></tr>)}</tbody>
      </table>
      {data.texts.length > shown.length && <p className="rest">{interpolate(words.more, { count: f.integer(data.texts.length - shown.length) })}</p>}
    </section>
  );
}

export function CodedOthersSection({ others, words, f }: Props) {
  return (
    <>
      <p className="meta">{words.intro}</p>
      {others.map((other) => <CodedField key={other.field} other={other} words={words} f={f} />)}
    </>
  );
}
