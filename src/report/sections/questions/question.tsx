/**
 * One question's section: its title, how many answered, and the view of its
 * numbers' kind (src/report/question-numbers.ts). Many question types share a
 * kind; the kind, not the type, chooses the view, by this table.
 */
import type { ComponentType } from "react";
import type { Formatters } from "../../format.ts";
import type { QuestionNumbers } from "../../question-numbers.ts";
import { Phrase } from "../phrase.tsx";
import { ChoiceView } from "./choice.tsx";
import { MatrixView } from "./matrix.tsx";
import { MonthsView } from "./months.tsx";
import { NumericView } from "./numeric.tsx";
import type { AnswerPick } from "./pick.ts";
import { RankingView } from "./ranking.tsx";
import { TextView } from "./texts.tsx";

type ViewOf<K extends QuestionNumbers["kind"]> = ComponentType<{ question: Extract<QuestionNumbers, { kind: K }>; f: Formatters; pick?: AnswerPick | undefined }>;

/** An email or a phone: how many gave one (the line above says it), never the contacts. */
const CountView = () => null;

/** A personal question seen without the personal-data grant: how many answered (the line above), and that the answers are not shown. */
const RestrictedView: ViewOf<"restricted"> = ({ f }) => <p className="restricted">{f.words.question.restricted}</p>;

const VIEWS: { [K in QuestionNumbers["kind"]]: ViewOf<K> } = {
  choice: ChoiceView,
  multiple: ChoiceView,
  numeric: NumericView,
  text: TextView,
  count: CountView,
  months: MonthsView,
  ranking: RankingView,
  matrix: MatrixView,
  restricted: RestrictedView,
};

export function QuestionSection({ question, position, responses, f, pick }: { question: QuestionNumbers; position: number; responses: number; f: Formatters; pick?: AnswerPick | undefined }) {
  const words = f.words.question;
  const id = `question-${question.id}`;
  const View = VIEWS[question.kind] as ViewOf<QuestionNumbers["kind"]>;
  return (
    <section className="question" aria-labelledby={id} data-question={question.id}>
      <h3 id={id}>{position}. <span lang={f.surveyLanguage}>{question.title}</span></h3>
      <p className="n">
        {question.nWithheld ? words.answeredWithheld : f.counted(words.answered, question.n)}
        {responses > 0 && !question.nWithheld && <> <Phrase template={words.shareOfResponses} values={{ share: f.percent(question.n / responses) }} /></>}
      </p>
      {question.n === 0 && !question.nWithheld ? <p>{words.nobody}</p> : <View question={question} f={f} pick={pick} />}
    </section>
  );
}
