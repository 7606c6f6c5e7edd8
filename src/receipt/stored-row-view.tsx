/**
 * The stored response as the data page shows it: when it was stored, every
 * question in the survey's order with its title and what was stored for it,
 * and the row itself as a JSON download (exactly what the database holds).
 */
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { storedAnswers } from "../core/stored-answers.ts";
import type { ReceiptWords } from "../i18n/receipt-words.ts";
import type { StoredRow } from "./receipt-api.ts";

interface StoredRowViewProps {
  config: ResolvedSurvey;
  row: StoredRow;
  words: ReceiptWords;
}

export function StoredRowView({ config, row, words }: StoredRowViewProps) {
  const stored = typeof row.created_at === "string" ? new Date(row.created_at) : null;
  const json = JSON.stringify(row, null, 2);
  return (
    <>
      {stored && (
        <p>
          {words.sentAt} <time dateTime={stored.toISOString()}>{stored.toLocaleString(config.language)}</time>
        </p>
      )}
      <dl className="receipt-answers">
        {storedAnswers(config, row).map((answer) => (
          <div key={answer.id}>
            <dt>{answer.title}</dt>
            <dd>{answer.texts.length ? answer.texts.join(" — ") : words.noAnswer}</dd>
          </div>
        ))}
      </dl>
      <a className="button button-secondary" href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`} download={`${config.id}-${String(row.id)}.json`}>
        {words.download}
      </a>
    </>
  );
}
