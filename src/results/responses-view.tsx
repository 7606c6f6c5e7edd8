/** Analysts and up: the filtered responses, newest first, "Mais" for the next keyset page, and the CSV export of the same set. */
import { useEffect, useState } from "react";
import { interpolate } from "../core/interpolate.ts";
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Formatters } from "../report/format.ts";
import { rpcFilters, type SiteFilters } from "./filters.ts";
import { exportCsv, responsesPage, type Page } from "./responses-api.ts";
import type { ResultsWords } from "./words/index.ts";
import { refusalText } from "./refusal-text.ts";

interface Props {
  config: SurveyConfig;
  filters: SiteFilters;
  /** The filtered set's size from the numbers: whether a large export goes straight to a file. */
  expectedRows: number;
  words: ResultsWords;
  f: Formatters;
  open: (id: string) => void;
}

export function ResponsesView({ config, filters, expectedRows, words, f, open }: Props) {
  const w = words.responses;
  const [rows, setRows] = useState<Page["rows"]>([]);
  const [next, setNext] = useState<Page["next"]>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<number | null>(null);
  const key = JSON.stringify(rpcFilters(filters));
  useEffect(() => {
    let live = true;
    setRows([]);
    responsesPage(config.id, filters, null).then((page) => live && (setRows(page.rows), setNext(page.next)), (failure: unknown) => live && setError(refusalText(words, failure)));
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters' key stands for them
  }, [config.id, key]);
  const more = () => responsesPage(config.id, filters, next).then((page) => (setRows((before) => [...before, ...page.rows]), setNext(page.next)), (failure: unknown) => setError(refusalText(words, failure)));
  const download = async () => {
    setExporting(0);
    try {
      await exportCsv(config, filters, expectedRows, setExporting);
    } catch (failure) {
      // The member closed the file dialog: nothing to report.
      if ((failure as Error).name !== "AbortError") setError(refusalText(words, failure));
    } finally {
      setExporting(null);
    }
  };
  return (
    <section className="card" aria-labelledby="responses-heading">
      <h2 id="responses-heading">{w.heading}</h2>
      <p>
        <button type="button" onClick={() => void download()} disabled={exporting !== null}>{w.export}</button>{" "}
        <span role="status">{exporting !== null && interpolate(w.exporting, { count: f.integer(exporting) })}</span>
      </p>
      {error && <p role="alert">{interpolate(words.failed, { message: error })}</p>}
      {rows.length === 0 && !error ? <p>{w.none}</p> : (
        <ol className="responses" reversed={false}>
          {rows.map((row) => (
            <li key={row.id}>
              <a href={`?${new URLSearchParams({ survey: config.id, view: "response", id: row.id })}`} onClick={(event) => (event.preventDefault(), open(row.id))}>
                {f.dateTime(row.created_at)}
              </a>
              {typeof row.ending === "string" && <span className="meta"> · {row.ending}</span>}
              {typeof row.language === "string" && <span className="meta"> · {row.language}</span>}
            </li>
          ))}
        </ol>
      )}
      {next && <button type="button" onClick={() => void more()}>{w.more}</button>}
    </section>
  );
}
