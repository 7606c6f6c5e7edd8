/**
 * The editor's page: the survey files of the project, and the one open.
 * Opening another file with unsaved changes asks first.
 */
import { useEffect, useRef, useState } from "react";
import { listSurveys, readSurvey } from "./api.ts";
import { SurveyEditor } from "./survey-editor.tsx";

export function EditorApp() {
  const [names, setNames] = useState<string[]>([]);
  const [open, setOpen] = useState<{ name: string; text: string } | null>(null);
  const [failure, setFailure] = useState("");
  const unsaved = useRef(false);
  useEffect(() => {
    listSurveys().then(setNames, (error: Error) => setFailure(error.message));
  }, []);
  const choose = async (name: string) => {
    if (unsaved.current && !window.confirm(`${open?.name} has unsaved changes. Open ${name} and lose them?`)) return;
    try {
      setOpen({ name, text: await readSurvey(name) });
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  return (
    <div className="editor">
      <header className="editor-header">
        <h1>Survey editor</h1>
        <nav aria-label="Survey files">
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
      {open ? <SurveyEditor key={open.name} name={open.name} opened={open.text} onUnsaved={(state) => void (unsaved.current = state)} /> : <p className="editor-hint">Choose a survey file to edit.</p>}
    </div>
  );
}
