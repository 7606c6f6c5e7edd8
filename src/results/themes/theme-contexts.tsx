/** The answers of a term in context, newest first, pages of 20 by keyset (results_theme_answers); the term's words marked. */
import { useEffect, useState } from "react";
import { interpolate } from "../../core/interpolate.ts";
import type { Formatters } from "../../report/format.ts";
import { rpc } from "../auth-client.ts";
import { rpcFilters, type SiteFilters } from "../filters.ts";
import { refusalText } from "../refusal-text.ts";
import type { ResultsWords } from "../words/index.ts";
import { inContext, markedParts } from "./marks.ts";

interface Row { id: string; createdAt: string; text: string; words: string[] }
interface Page { rows: Row[]; next: { at: string; id: string } | null }
interface Props { survey: string; field: string; term: string; label: string; filters: SiteFilters; words: ResultsWords; f: Formatters }

export function ThemeContexts({ survey, field, term, label, filters, words, f }: Props) {
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState<Page["next"]>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const asked = JSON.stringify([survey, field, term, rpcFilters(filters)]);
  const load = (after: Page["next"], keep: Row[]) => {
    setLoading(true);
    rpc<Page>("results_theme_answers", { survey, field, term, filters: rpcFilters(filters), after_at: after?.at ?? null, after_id: after?.id ?? null, page_size: 20 }).then(
      (page) => (setRows([...keep, ...page.rows]), setNext(page.next), setError(null), setLoading(false)),
      (failure: unknown) => (setError(refusalText(words, failure)), setLoading(false)),
    );
  };
  useEffect(() => load(null, []), [asked]);
  return (
    <div className="theme-contexts" aria-live="polite">
      <h3>{interpolate(words.themes.contexts, { term: label })}</h3>
      {error && <p role="alert">{error}</p>}
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <p>{inContext(markedParts(row.text, row.words)).map((part, at) => (part.marked ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>))}</p>
            <p className="meta">{f.dateTime(row.createdAt)}</p>
          </li>
        ))}
      </ul>
      {loading && <p role="status">{words.loading}</p>}
      {next && !loading && <button type="button" onClick={() => load(next, rows)}>{words.themes.more}</button>}
    </div>
  );
}
