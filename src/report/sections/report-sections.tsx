/**
 * The report's sections in the report's order and words (src/report/presets):
 * summary, partial responses, drop-off, sources, endings, languages, privacy,
 * per day, every question. The one renderer of them: the results site shows
 * it (src/results/), and `npm run report` writes it to static HTML
 * (scripts/report/html.ts, react-dom/server), so a change shows in both.
 */
import type { ReactNode } from "react";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import type { Formatters } from "../format.ts";
import type { ReportNumbers } from "../numbers.ts";
import type { PartialNumbers } from "../partial-numbers.ts";
import { DropOff } from "./drop-off.tsx";
import { Partial } from "./partial.tsx";
import { PerDay } from "./per-day.tsx";
import { hasPrivacySection, Privacy } from "./privacy.tsx";
import type { AnswerPick } from "./questions/pick.ts";
import { QuestionSection } from "./questions/question.tsx";
import { Shares } from "./shares.tsx";
import { Sources } from "./sources.tsx";
import { Summary } from "./summary.tsx";

export interface SectionsProps {
  numbers: ReportNumbers;
  f: Formatters;
  /** Whether the numbers are of a filtered set (then the campaign's fill is not stated). */
  filtered: boolean;
  /** For a survey with partial responses: finished and unfinished apart, times per question. */
  partial?: { numbers: PartialNumbers; questions: SurveyConfig["questions"] } | undefined;
  /** The site's filter by a bar; none in the report file. */
  pick?: AnswerPick | undefined;
  /** The class of each section's element (the site's cards). */
  sectionClass?: string;
  /** The summary alone (the site paints it before the heavier sections: src/results/use-after-first-paint.ts). */
  summaryOnly?: boolean;
}

export function ReportSections({ numbers, f, filtered, partial, pick, sectionClass, summaryOnly = false }: SectionsProps) {
  const words = f.words;
  const sections: [string, string, ReactNode][] = [
    ["summary", words.sections.summary, <Summary numbers={numbers} filtered={filtered} f={f} />],
    ...(partial ? [["partial", words.partial.section, <Partial partial={partial.numbers} questions={partial.questions} f={f} />] as [string, string, ReactNode]] : []),
    ["drop-off", words.sections.dropOff, <DropOff numbers={numbers} f={f} />],
    ["sources", words.sections.sources, <Sources numbers={numbers} f={f} />],
    ...(numbers.endings
      ? [["endings", words.sections.endings, <Shares rows={numbers.endings.map((row) => ({ key: row.id, responses: row.responses }))} responses={numbers.responses} headers={[words.endings.ending, words.endings.responses, words.endings.share]} caption={words.sections.endings} f={f} />] as [string, string, ReactNode]]
      : []),
    ...(numbers.languages
      ? [["languages", words.sections.languages, <Shares rows={numbers.languages.map((row) => ({ key: row.language, responses: row.responses }))} responses={numbers.responses} headers={[words.languages.language, words.languages.responses, words.languages.share]} caption={words.sections.languages} f={f} />] as [string, string, ReactNode]]
      : []),
    ...(hasPrivacySection(numbers) ? [["privacy", words.sections.privacy, <Privacy numbers={numbers} f={f} />] as [string, string, ReactNode]] : []),
    ["per-day", words.sections.perDay, <PerDay numbers={numbers} f={f} />],
    ["questions", words.sections.questions, <>{numbers.questions.map((question, index) => <QuestionSection key={question.id} question={question} position={index + 1} responses={numbers.responses} f={f} pick={pick} />)}</>],
  ];
  return (
    <>
      {(summaryOnly ? sections.slice(0, 1) : sections).map(([id, heading, body]) => (
        <section key={id} aria-labelledby={id} className={sectionClass}>
          <h2 id={id}>{heading}</h2>
          {body}
        </section>
      ))}
    </>
  );
}
