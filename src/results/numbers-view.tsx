/**
 * The report's sections in the report's order and words (src/report/presets):
 * summary, drop-off, sources, endings, languages, privacy, per day, every question.
 */
import type { ReactNode } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { Formatters } from "../report/format.ts";
import type { ReportNumbers } from "../report/numbers.ts";
import { Bars, widths } from "./bars.tsx";
import { QuestionView, type AnswerPick } from "./question-view.tsx";

function Summary({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.summary;
  const stats: [string, string, string][] = [
    ["responses", words.responses, f.integer(numbers.responses)],
    ["visits", words.visits, numbers.visits === null ? "—" : f.integer(numbers.visits)],
    ["completion", words.completionRate, f.percent(numbers.completionRate)],
    ["median-time", words.medianTime, f.duration(numbers.medianSecondsToComplete)],
    ["first", words.firstResponse, f.dateTime(numbers.firstResponse)],
    ["last", words.lastResponse, f.dateTime(numbers.lastResponse)],
  ];
  return (
    <dl className="headline">
      {stats.map(([id, name, value]) => (
        <div key={id} id={`stat-${id}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DropOff({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.dropOff;
  const { funnel, biggestDrop } = numbers;
  if (!funnel) return <p>{words.noVisits}</p>;
  const opened = funnel[0]!.visits;
  const width = widths(funnel.map((step) => step.visits));
  return (
    <>
      <p>{biggestDrop ? interpolate(f.counted(words.biggestDrop, biggestDrop.lost), { question: biggestDrop.label }) : words.noDrop}</p>
      <Bars caption={f.counted(words.caption, opened)} headers={[words.step, words.visits, words.shareOfOpened]}
        rows={funnel.map((step, index) => ({
          key: `${step.kind}-${step.questionId ?? ""}`,
          label: step.kind === "opened" ? words.opened : step.kind === "submitted" ? words.submitted : step.label!,
          ...(step.kind === "question" && { lang: f.surveyLanguage }),
          count: f.integer(step.visits),
          share: f.percent(opened === 0 ? null : step.visits / opened),
          width: width[index]!,
        }))} />
    </>
  );
}

function Sources({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.sources;
  if (numbers.sources.length === 0) return <p>{words.none}</p>;
  return (
    <>
      {numbers.sources.map(({ field, rows }) => {
        const width = widths(rows.map((row) => row.responses));
        return <Bars key={field} caption={interpolate(words.chart, { field })} headers={[field, words.responses, words.completionRate]}
          rows={rows.map((row, index) => ({ key: row.value, label: row.value || f.words.page.noValue, count: f.integer(row.responses), share: f.percent(row.completionRate), width: width[index]! }))} />;
      })}
    </>
  );
}

function Shares({ rows, f, headers }: { rows: { key: string; responses: number }[]; f: Formatters; headers: [string, string, string] }) {
  const total = rows.reduce((sum, row) => sum + row.responses, 0);
  const width = widths(rows.map((row) => row.responses));
  return <Bars caption={headers[0]} headers={headers}
    rows={rows.map((row, index) => ({ key: row.key, label: row.key, count: f.integer(row.responses), share: f.percent(total === 0 ? null : row.responses / total), width: width[index]! }))} />;
}

/** How long responses and visit events are kept, and the responses per consent version (the report's privacy section). */
function Privacy({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.privacy;
  const { responsesDays = null, visitEventsDays = null } = numbers.retention ?? {};
  const kept = (days: number | null, text: string, forever: string) => (days === null ? forever : interpolate(text, { days: f.integer(days) }));
  return (
    <>
      <p id="retention">{kept(responsesDays, words.responsesKept, words.responsesForever)} {kept(visitEventsDays, words.eventsKept, words.eventsForever)}</p>
      {numbers.consentVersions ? <Shares rows={numbers.consentVersions.map((row) => ({ key: row.version, responses: row.responses }))} f={f} headers={[words.version, words.responses, words.share]} /> : <p>{words.noConsent}</p>}
    </>
  );
}

function PerDay({ numbers, f }: { numbers: ReportNumbers; f: Formatters }) {
  const words = f.words.perDay;
  if (numbers.perDay.length === 0) return <p>{words.none}</p>;
  const width = widths(numbers.perDay.map((day) => day.responses));
  const total = numbers.responses;
  return <Bars caption={words.caption} headers={[words.day, words.responses, f.words.endings.share]}
    rows={numbers.perDay.map((day, index) => ({ key: day.day, label: f.date(day.day), count: f.integer(day.responses), share: f.percent(total === 0 ? null : day.responses / total), width: width[index]! }))} />;
}

export function NumbersView({ numbers, f, pick }: { numbers: ReportNumbers; f: Formatters; pick: AnswerPick }) {
  const words = f.words;
  const sections: [string, string, ReactNode][] = [
    ["summary", words.sections.summary, <Summary numbers={numbers} f={f} />],
    ["drop-off", words.sections.dropOff, <DropOff numbers={numbers} f={f} />],
    ["sources", words.sections.sources, <Sources numbers={numbers} f={f} />],
    ...(numbers.endings ? [["endings", words.sections.endings, <Shares rows={numbers.endings.map((row) => ({ key: row.id, responses: row.responses }))} f={f} headers={[words.endings.ending, words.endings.responses, words.endings.share]} />] as [string, string, ReactNode]] : []),
    ...(numbers.languages ? [["languages", words.sections.languages, <Shares rows={numbers.languages.map((row) => ({ key: row.language, responses: row.responses }))} f={f} headers={[words.languages.language, words.languages.responses, words.languages.share]} />] as [string, string, ReactNode]] : []),
    ...(numbers.consentVersions !== null || numbers.retention !== null ? [["privacy", words.sections.privacy, <Privacy numbers={numbers} f={f} />] as [string, string, ReactNode]] : []),
    ["per-day", words.sections.perDay, <PerDay numbers={numbers} f={f} />],
    ["questions", words.sections.questions, <>{numbers.questions.map((question, index) => <QuestionView key={question.id} question={question} position={index + 1} responses={numbers.responses} f={f} pick={pick} />)}</>],
  ];
  return (
    <>
      {sections.map(([id, heading, body]) => (
        <section key={id} aria-labelledby={id} className="card">
          <h2 id={id}>{heading}</h2>
          {body}
        </section>
      ))}
    </>
  );
}
