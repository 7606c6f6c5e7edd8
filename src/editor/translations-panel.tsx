/**
 * A survey's translations, for a survey in several languages: a language
 * picker, then each text of the survey beside its translation into that
 * language, a missing one marked (validate refuses the file until it is
 * there) and a stale one flagged. They are read from the files on disk,
 * which `npm run translations -- import` writes from the translators' PO files.
 */
import { useEffect, useState } from "react";
import { surveyTranslations, type TranslationRow } from "./api.ts";
import { useEditing } from "./editing-context.ts";
import { useWords } from "./words/use-words.ts";

export function TranslationsPanel() {
  const { survey } = useEditing();
  const words = useWords();
  const others = survey.languages?.slice(1) ?? [];
  const [language, setLanguage] = useState(others[0] ?? "");
  const [rows, setRows] = useState<TranslationRow[]>([]);
  useEffect(() => {
    let current = true;
    surveyTranslations(`${survey.id}.json`, language).then((found) => current && setRows(found), () => current && setRows([]));
    return () => {
      current = false;
    };
  }, [survey.id, language]);
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
            <tr key={row.pointer} data-missing={row.text === null || undefined} title={row.note}>
              <td lang={survey.language}>{row.source}</td>
              <td lang={language}>
                {row.text ?? <strong className="translation-missing">{words.translationMissing}</strong>}
                {row.stale && <em className="translation-stale"> ({words.translationStale})</em>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
