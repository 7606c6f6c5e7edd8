/** Texts respondents typed, in the survey's language, newest first, with the count of the rest (the CSV has them all). */
import { interpolate } from "../../../core/interpolate.ts";
import type { Formatters } from "../../format.ts";
import type { TextList, TextNumbers } from "../../question-numbers.ts";

export function Texts({ list, f }: { list: TextList; f: Formatters }) {
  // A viewer's numbers carry no text.
  if (list.newest.length === 0) return null;
  return (
    <>
      <ol className="texts">
        {list.newest.map(({ text, at }, index) => (
          <li key={index}>
            {/* A share link's texts come without their times (a time picks a respondent out). */}
            {at !== "" && <time dateTime={at}>{f.dateTime(at)}</time>}
            <span lang={f.surveyLanguage}>{text}</span>
          </li>
        ))}
      </ol>
      {list.rest > 0 && <p className="rest">{interpolate(f.words.page.more, { count: f.integer(list.rest) })}</p>}
    </>
  );
}

export function TextView({ question, f }: { question: TextNumbers; f: Formatters }) {
  return <Texts list={question.texts} f={f} />;
}
