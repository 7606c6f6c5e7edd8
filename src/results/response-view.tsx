/** One response (results_response): every answer in question order, then its hidden fields, ending and language, as the database returns them. */
import { useEffect, useState } from "react";
import { interpolate } from "../core/interpolate.ts";
import { answerFields, storedFields } from "../core/fields.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Formatters } from "../report/format.ts";
import { rpc } from "./auth-client.ts";
import type { ResultsWords } from "./words/index.ts";
import { refusalText } from "./refusal-text.ts";

type Row = Record<string, unknown> & { id: string; created_at: string };

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.join("; ");
  if (typeof value === "object") return Object.entries(value).map(([row, column]) => `${row}: ${String(column)}`).join("; ");
  return String(value);
};

export function ResponseView({ config, id, words, f, back }: { config: SurveyConfig; id: string; words: ResultsWords; f: Formatters; back: () => void }) {
  const w = words.responses;
  const [row, setRow] = useState<Row | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    rpc<Row | null>("results_response", { survey: config.id, response_id: id }).then(setRow, (failure: unknown) => setError(refusalText(words, failure)));
  }, [config.id, id]);
  const answers = answerFields(config);
  const others = storedFields(config).filter((field) => !field.question);
  return (
    <section className="card" aria-labelledby="response-heading">
      <p><button type="button" className="link" onClick={back}>← {w.back}</button></p>
      <h2 id="response-heading">{interpolate(w.one, { id: id.slice(0, 8) })}</h2>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {row === null && <p>{w.notFound}</p>}
      {row && (
        <>
          <p className="meta">{w.when}: {f.dateTime(row.created_at)}</p>
          <dl className="answers">
            {answers.map((field) => (
              <div key={field.column}>
                <dt lang={f.surveyLanguage}>{field.id === field.question.id ? field.question.title : `${field.question.title} (${field.id})`}</dt>
                <dd lang={f.surveyLanguage}>{shown(row[field.column])}</dd>
              </div>
            ))}
          </dl>
          <h3>{w.hidden}</h3>
          <dl className="answers">
            {others.map((field) => (
              <div key={field.column}>
                <dt>{field.column}</dt>
                <dd>{shown(row[field.column])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
