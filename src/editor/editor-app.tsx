/**
 * The editor's page: the survey files of the project, and the one open.
 * Opening another file with unsaved changes asks first.
 */
import { useEffect, useRef, useState } from "react";
import { listSurveys, readSurvey } from "./api.ts";
import { SurveyEditor } from "./survey-editor.tsx";
import { useWords } from "./words/use-words.ts";
import { SkipToQuestions } from "./editor-sections.tsx";

export function EditorApp() {
  const words = useWords();
  const [names, setNames] = useState<string[]>([]);
  const [open, setOpen] = useState<{ name: string; text: string } | null>(null);
  const [failure, setFailure] = useState("");
  const unsaved = useRef(false);
  useEffect(() => {
    listSurveys().then(setNames, (error: Error) => setFailure(error.message));
  }, []);
  const choose = async (name: string) => {
    if (unsaved.current && !window.confirm(words.confirmLeave(open?.name ?? "", name))) return;
    try {
      setOpen({ name, text: await readSurvey(name) });
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <div className="editor">
      {open && <SkipToQuestions />}
      <header className="editor-header">
        <h1>{words.title}</h1>
        <nav aria-label={words.surveyFiles}>
          <ul className="file-list">
            {names.map((name) => (
              <li key={name}>
                <button type="button" aria-current={open?.name === name || undefined} onClick={() => choose(name)}>{name}</button>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {failure && <p role="alert">{failure}</p>}
      {open ? <SurveyEditor key={open.name} name={open.name} opened={open.text} onUnsaved={(state) => void (unsaved.current = state)} /> : <p className="editor-hint">{words.chooseFile}</p>}
    </div>
  );
}
