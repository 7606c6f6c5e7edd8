/**
 * A survey's data page ("<route>/meus-dados"): the respondent types the
 * receipt's code (prefilled when this device kept it), sees what was stored,
 * downloads it as JSON and deletes it. Every text is the survey's, in the
 * page's language (src/i18n/receipt-words.ts and the file's receipt.texts).
 * A wrong code and a deleted response read alike, as the database answers.
 * Loaded as its own chunk, only by this page.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { groupedReceiptCode, normalReceiptCode } from "../core/receipt.ts";
import type { ResolvedSurvey } from "../core/resolve-survey.ts";
import { receiptWords, type ReceiptWords } from "../i18n/receipt-words.ts";
import { PageTitle } from "../pages/page-meta.tsx";
import { useDocumentLanguage } from "../pages/use-document-language.ts";
import { Button } from "../ui/button.tsx";
import { deleteStoredRow, readStoredRow, type ReceiptAnswer, type StoredRow } from "./receipt-api.ts";
import { forgetSent } from "../once/once-record.ts";
import { forgetReceipt, keptReceipt } from "./receipt-storage.ts";
import { StoredRowView } from "./stored-row-view.tsx";
import "./receipt.css";

type Said = keyof Pick<ReceiptWords, "codeFormat" | "notFound" | "tooMany" | "failed" | "deleted">;

export function DataPage({ config }: { config: ResolvedSurvey }) {
  useDocumentLanguage(config.language);
  const words = receiptWords(config.language, config.receipt?.texts);
  const [typed, setTyped] = useState("");
  const [row, setRow] = useState<{ code: string; row: StoredRow } | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const answersHeading = useRef<HTMLHeadingElement>(null);

  // The device's code, after hydration (the prerendered page has none).
  useEffect(() => {
    const kept = keptReceipt(config.id);
    if (kept) setTyped(groupedReceiptCode(kept.code));
  }, [config.id]);
  useEffect(() => {
    if (row) answersHeading.current?.focus();
  }, [row]);

  /** Runs a call; says what went wrong, or hands the answer on. */
  async function call<T>(run: () => Promise<ReceiptAnswer<T>>, then: (value: T) => void) {
    setBusy(true);
    const answer = await run();
    setBusy(false);
    if (answer.kind === "answered") then(answer.value);
    else setSaid(answer.kind);
  }

  const show = (event: FormEvent) => {
    event.preventDefault();
    const code = normalReceiptCode(typed);
    setRow(null);
    setConfirming(false);
    if (!code) return setSaid("codeFormat");
    setSaid(null);
    void call(() => readStoredRow(config.table, code), (found) => (found ? setRow({ code, row: found }) : setSaid("notFound")));
  };

  const remove = () =>
    void call(() => deleteStoredRow(config.table, row!.code), (gone) => {
      // The device forgets its own response with the database: its code, and the answers the "already answered" notice would show.
      if (gone && keptReceipt(config.id)?.code === row!.code) {
        forgetReceipt(config.id);
        forgetSent(config.id);
      }
      setRow(null);
      setConfirming(false);
      setTyped("");
      setSaid(gone ? "deleted" : "notFound");
    });

  return (
    <main className="page" lang={config.language}>
      <PageTitle title={words.pageTitle} />
      <div className="page-card receipt-page">
        <h1>{words.heading}</h1>
        <p>{words.intro}</p>
        <form className="receipt-form" onSubmit={show} noValidate>
          <label htmlFor="receipt-code">{words.codeLabel}</label>
          <input id="receipt-code" className="input" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} aria-invalid={said === "codeFormat" || said === "notFound"} aria-describedby="receipt-said" />
          <Button type="submit" disabled={busy}>{words.show}</Button>
        </form>
        <p id="receipt-said" className="receipt-message" role="status">{said && words[said]}</p>
        {row && (
          <section aria-labelledby="receipt-answers-heading">
            <h2 id="receipt-answers-heading" ref={answersHeading} tabIndex={-1}>{words.answersHeading}</h2>
            <StoredRowView config={config} row={row.row} words={words} />
            <div className="receipt-actions">
              {confirming ? (
                <>
                  <p className="receipt-message" role="alert">{words.confirmDelete}</p>
                  <Button variant="danger" disabled={busy} onClick={remove} autoFocus>{words.confirm}</Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>{words.cancel}</Button>
                </>
              ) : (
                <Button variant="danger" onClick={() => setConfirming(true)}>{words.delete}</Button>
              )}
            </div>
          </section>
        )}
      </div>
    </main>
  );
}
