/**
 * A single choice's answers as given and after coding, side by side: the
 * question's options first (the survey's words), then the new codes (the
 * team's), in the site's coding and the report.
 */
import type { Formatters } from "../../format.ts";
import type { OtherTexts } from "../../other-codes/coded-others.ts";
import type { OtherCodesWords } from "../../other-codes/words.ts";
import { Phrase, SurveyText } from "../phrase.tsx";

interface Props { data: OtherTexts; question: string; options: string[]; words: OtherCodesWords["table"]; f: Formatters }

export function CodedTable({ data, question, options, words, f }: Props) {
  const keys = [...options, ...Object.keys(data.codedValues).filter((key) => !options.includes(key)).sort()].filter((key) => data.values[key] || data.codedValues[key]);
  return (
    <table>
      <caption><Phrase template={words.caption} values={{ question: <SurveyText text={question} f={f} /> }} /></caption>
      <thead><tr><th scope="col">{words.answer}</th><th scope="col" className="num">{words.raw}</th><th scope="col" className="num">{words.coded}</th></tr></thead>
      <tbody>{keys.map((key) => <tr key={key}><th scope="row">{options.includes(key) ? <SurveyText text={key} f={f} /> : key}</th><td className="num">{f.integer(data.values[key] ?? 0)}</td><td className="num">{f.integer(data.codedValues[key] ?? 0)}</td></tr>)}</tbody>
    </table>
  );
}
