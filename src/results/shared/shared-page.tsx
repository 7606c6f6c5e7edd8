/**
 * A share link's page (/resultados/publico/<survey>/#<token>): read-only,
 * anyone with the address, aggregates only. Drawn by the report's own
 * components (QuestionSection, CrosstabTableView), as the team's site and the
 * report file are; the numbers and what is withheld are the database's
 * (shared-rpc.ts: a kept view by GET, else by POST), shaped by
 * shared-numbers.ts. The token is the address's fragment, which browsers
 * never send to the site's host nor in a Referer; only the API receives it
 * (in the GET's query, so its request logs, read by the project's team alone,
 * hold it).
 */
import { useEffect, useState } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { formatters } from "../../report/format.ts";
import { reportZone } from "../../report/time-zone.ts";
import { QuestionSection } from "../../report/sections/questions/question.tsx";
import { loadSurveyConfig } from "../survey-config.ts";
import type { ResultsWords } from "../words/index.ts";
import { sharedQuestions, type SharedNumbers } from "./shared-numbers.ts";
import { sharedView } from "./shared-rpc.ts";
import { SharedCrosstab } from "./shared-crosstab.tsx";

type State = { link: SharedNumbers; config: SurveyConfig } | { failed: "notFound" | string } | null;

export function SharedPage({ token, survey, words, language }: { token: string; survey: string; words: ResultsWords; language: string }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    // The survey's chunk loads beside the numbers, not after them: the address names the survey (the link's own wins if they differ).
    const named = loadSurveyConfig(survey);
    named.catch(() => undefined);
    sharedView<SharedNumbers>("results_shared_numbers", { token })
      .then(async (link) => setState({ link, config: await (link.survey === survey ? named : loadSurveyConfig(link.survey)) }))
      .catch((failure: unknown) => setState({ failed: failure instanceof Error && failure.message === "notFound" ? "notFound" : String(failure) }));
  }, [token, survey]);
  const w = words.shared;
  if (state === null) return <main className="narrow"><p role="status">{words.loading}</p></main>;
  if ("failed" in state) {
    return (
      <main className="narrow">
        <h1>{w.heading}</h1>
        <p role="alert">{state.failed === "notFound" ? w.notFound : interpolate(words.failed, { message: state.failed })}</p>
      </main>
    );
  }
  const { link, config } = state;
  const f = formatters(language, config.language, reportZone(config));
  const day = (iso: string | undefined) => (iso ? f.date(iso) : "");
  const period = link.filters.from ? interpolate(w.period, { from: day(link.filters.from), until: day(link.filters.until) }) : interpolate(w.until, { until: day(link.filters.until) });
  const questions = sharedQuestions(config, link);
  return (
    <>
      <header className="top">
        <h1 lang={config.language}>{config.pageTitle}</h1>
        <p className="meta">{w.heading}</p>
      </header>
      <main>
        <section className="card" aria-labelledby="shared-about">
          <h2 id="shared-about">{w.heading}</h2>
          {link.belowMinimumGroup !== undefined ? (
            <p id="shared-small">{interpolate(w.small, { count: link.minimumGroup })}</p>
          ) : (
            <>
              <p id="shared-intro">{interpolate(w.intro, { count: f.integer(link.responses ?? 0), period })}</p>
              <p className="meta" id="shared-rule">{interpolate(w.rule, { count: link.minimumGroup, less: link.minimumGroup - 1 })}</p>
            </>
          )}
        </section>
        {questions.length > 0 && (
          <section className="card" aria-labelledby="questions">
            <h2 id="questions">{f.words.sections.questions}</h2>
            {questions.map((question, index) => <QuestionSection key={question.id} question={question} position={index + 1} responses={link.responses ?? 0} f={f} />)}
          </section>
        )}
        {link.crosstabs && link.numbers && <SharedCrosstab token={token} config={config} link={link} words={words} f={f} />}
      </main>
    </>
  );
}
