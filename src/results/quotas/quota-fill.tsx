/**
 * Each quota's fill on the results site (results_quotas, from the quotas'
 * own counters): how many responses it has taken of how many, and whether
 * it is full. Shown only for a survey with quotas; a viewer's fill below the
 * minimum group comes without its number (null), and says only that.
 */
import { interpolate } from "../../core/interpolate.ts";
import type { SurveyConfig } from "../../generated/survey-config.ts";
import { useRpc } from "../use-rpc.ts";
import type { ResultsWords } from "../words/index.ts";

export interface QuotaFillRow {
  id: string;
  max: number;
  responses: number | null;
}

export function QuotaFill({ config, words, format }: { config: SurveyConfig; words: ResultsWords; format: (n: number) => string }) {
  const asks = (config.quotas?.length ?? 0) > 0;
  const { data, error } = useRpc<QuotaFillRow[]>("results_quotas", asks ? { survey: config.id } : null, words);
  if (!asks) return null;
  if (error !== null) return <p role="alert">{interpolate(words.failed, { message: error })}</p>;
  return data && <QuotaFillList rows={data} words={words} format={format} />;
}

export function QuotaFillList({ rows, words, format }: { rows: readonly QuotaFillRow[]; words: ResultsWords; format: (n: number) => string }) {
  return (
    <section className="card" aria-labelledby="quota-fill-heading">
      <h2 id="quota-fill-heading">{words.quotas.heading}</h2>
      <ul className="quota-fill">
        {rows.map(({ id, max, responses }) => (
          <li key={id}>
            <span id={`quota-${id}`}>{id}</span>{" "}
            <meter aria-labelledby={`quota-${id}`} min={0} max={max} value={Math.min(responses ?? 0, max)} />{" "}
            {responses === null ? words.quotas.small : interpolate(words.quotas.fill, { responses: format(responses), max: format(max) })}
            {responses !== null && responses >= max && ` · ${words.quotas.full}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
