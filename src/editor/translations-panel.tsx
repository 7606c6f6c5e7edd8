/**
 * A survey's translations, for a survey in several languages: a language
 * picker, then each text of the survey beside its translation into that
 * language, a missing one marked (validate refuses the file until it is
 * there) and a stale one flagged. Each translation is a field named by its
 * source text: saving it writes the translation file only (never the survey
 * file), made from the source text on disk; a stale one unchanged can be
 * confirmed as still right. The files are also written by
 * `npm run translations -- import` from the translators' PO files. While a
 * restored version is unsaved, the panel shows that version's translations
 * instead, read-only: saving the survey writes them.
 */
import { use, useEffect, useId, useRef, useState } from "react";
import { fingerprintOf } from "../core/translations.ts";
import { ApiError, restoredTranslations, saveTranslation, surveyTranslations, type TranslationRow } from "./api.ts";
import { useEditing } from "./editing-context.ts";
import { RestoredTranslationsContext } from "./restored-translations.ts";
import type { EditorWords } from "./words/index.ts";
import { useWords } from "./words/use-words.ts";

/** The server's refusal in the editor's words: its placeholder and empty-text rules have their own. */
function refusal(error: unknown, words: EditorWords): string {
  if (error instanceof ApiError && Array.isArray(error.body.placeholders)) return words.translationPlaceholders(error.body.placeholders);
  if (error instanceof ApiError && error.body.empty) return words.translationEmpty;
  return words.notSaved(error instanceof Error ? error.message : String(error));
}

function TranslationField({ file, language, row, restored, onSaved }: { file: string; language: string; row: TranslationRow; restored: boolean; onSaved: (language: string, row: TranslationRow) => void }) {
  const { survey } = useEditing();
  const words = useWords();
  const sourceId = useId();
  const [draft, setDraft] = useState(row.text ?? "");
  const [note, setNote] = useState<{ text: string; refused: boolean }>();
  const field = useRef<HTMLTextAreaElement>(null);
  const save = () =>
    saveTranslation(file, language, row.pointer, draft).then(
      (saved) => {
        setNote({ text: words.translationSaved, refused: false });
        onSaved(language, saved);
        // The saved row has no button left: the keyboard goes on from its field, not from the top of the page.
        field.current?.focus();
      },
      (error) => setNote({ text: refusal(error, words), refused: true }),
    );
  return (
    <tr data-missing={row.text === null || undefined} title={row.note}>
      <td id={sourceId} lang={survey.language}>{row.source}</td>
      <td>
        {row.text === null && <strong className="translation-missing">{words.translationMissing}</strong>}
        {row.stale && <em className="translation-stale">{words.translationStale}</em>}
        <textarea ref={field} lang={language} aria-labelledby={sourceId} rows={2} value={draft} readOnly={restored} onChange={(event) => setDraft(event.target.value)} />
        {/* A button only where there is something to save: a changed text, or a stale one unchanged to confirm. */}
        {!restored && (draft !== (row.text ?? "") || row.stale) && (
          <div className="translation-actions">
            <button type="button" onClick={save}>{draft === row.text ? words.translationConfirm : words.translationSave}</button>
          </div>
        )}
        <p role="status" className={note?.refused ? "translation-refused" : undefined}>{note?.text}</p>
      </td>
    </tr>
  );
}

export function TranslationsPanel() {
  const { survey, currentText } = useEditing();
  const words = useWords();
  const { unsaved, saves } = use(RestoredTranslationsContext);
  const others = survey.languages?.slice(1) ?? [];
  const file = `${survey.id}.json`;
  const [chosen, setLanguage] = useState(others[0] ?? "");
  // A restored version (or an edit of `languages`) may no longer list the language chosen: the first one it lists then.
  const language = others.includes(chosen) ? chosen : (others[0] ?? "");
  const restored = Object.hasOwn(unsaved, language) ? unsaved[language]! : undefined;
  const isRestored = restored !== undefined;
  // What the rows are read from: the restored file beside the editor's texts, or the files on disk (again after each save).
  const view = `${language} ${isRestored ? `restored ${restored === null ? "none" : fingerprintOf(restored)}` : `disk ${saves}`}`;
  // The rows with what they were read from: a field never shows (nor saves into) one language or file the text of another.
  const [loaded, setLoaded] = useState<{ view: string; rows: TranslationRow[] }>({ view: "", rows: [] });
  useEffect(() => {
    let current = true;
    const show = (rows: TranslationRow[]) => current && setLoaded({ view, rows });
    (isRestored ? restoredTranslations(file, currentText(), language, restored) : surveyTranslations(file, language)).then(show, () => show([]));
    return () => {
      current = false;
    };
    // The survey's texts count only for restored rows (those on disk are read beside the file on disk).
  }, [file, language, view, isRestored, restored, currentText, isRestored ? survey : null]);
  const rows = loaded.view === view ? loaded.rows : [];
  const replace = (savedIn: string, saved: TranslationRow) =>
    setLoaded((all) => (all.view === `${savedIn} disk ${saves}` ? { ...all, rows: all.rows.map((row) => (row.pointer === saved.pointer ? saved : row)) } : all));
  return (
    <details className="survey-texts translations" open>
      <summary>{words.translationsSection}</summary>
      <label>
        {words.translationLanguage}{" "}
        <select value={language} onChange={(event) => setLanguage(event.target.value)}>
          {others.map((each) => (
            <option key={each} value={each}>{each}</option>
          ))}
        </select>
      </label>
      {isRestored && <p className="hint">{words.translationsRestored}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">{words.translationSource}</th>
            <th scope="col">{words.translationText}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TranslationField key={`${view} ${row.pointer}`} file={file} language={language} row={row} restored={isRestored} onSaved={replace} />
          ))}
        </tbody>
      </table>
    </details>
  );
}
