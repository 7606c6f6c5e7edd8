/**
 * A survey's translations, for a survey in several languages: a language
 * picker, then each text of the survey beside its translation into that
 * language, a missing one marked (validate refuses the file until it is
 * there) and a stale one flagged. Each translation is a field named by its
 * source text: saving it writes the translation file only (never the survey
 * file), made from the source text on disk; a stale one unchanged can be
 * confirmed as still right. The files are also written by
 * `npm run translations -- import` from the translators' PO files.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ApiError, saveTranslation, surveyTranslations, type TranslationRow } from "./api.ts";
import { useEditing } from "./editing-context.ts";
import type { EditorWords } from "./words/index.ts";
import { useWords } from "./words/use-words.ts";

/** The server's refusal in the editor's words: its placeholder and empty-text rules have their own. */
function refusal(error: unknown, words: EditorWords): string {
  if (error instanceof ApiError && Array.isArray(error.body.placeholders)) return words.translationPlaceholders(error.body.placeholders);
  if (error instanceof ApiError && error.body.empty) return words.translationEmpty;
  return words.notSaved(error instanceof Error ? error.message : String(error));
}

function TranslationField({ file, language, row, onSaved }: { file: string; language: string; row: TranslationRow; onSaved: (language: string, row: TranslationRow) => void }) {
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
        <textarea ref={field} lang={language} aria-labelledby={sourceId} rows={2} value={draft} onChange={(event) => setDraft(event.target.value)} />
        {/* A button only where there is something to save: a changed text, or a stale one unchanged to confirm. */}
        {(draft !== (row.text ?? "") || row.stale) && (
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
  const { survey } = useEditing();
  const words = useWords();
  const others = survey.languages?.slice(1) ?? [];
  const file = `${survey.id}.json`;
  const [language, setLanguage] = useState(others[0] ?? "");
  // The rows with the language they were read in: a field never shows (nor saves into) one language the text of another.
  const [loaded, setLoaded] = useState<{ language: string; rows: TranslationRow[] }>({ language: "", rows: [] });
  useEffect(() => {
    let current = true;
    const show = (rows: TranslationRow[]) => current && setLoaded({ language, rows });
    surveyTranslations(file, language).then(show, () => show([]));
    return () => {
      current = false;
    };
  }, [file, language]);
  const rows = loaded.language === language ? loaded.rows : [];
  const replace = (savedIn: string, saved: TranslationRow) =>
    setLoaded((all) => (all.language === savedIn ? { ...all, rows: all.rows.map((row) => (row.pointer === saved.pointer ? saved : row)) } : all));
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
      <table>
        <thead>
          <tr>
            <th scope="col">{words.translationSource}</th>
            <th scope="col">{words.translationText}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TranslationField key={`${language} ${row.pointer}`} file={file} language={language} row={row} onSaved={replace} />
          ))}
        </tbody>
      </table>
    </details>
  );
}
