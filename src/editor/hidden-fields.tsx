/**
 * The survey's hidden fields: values read from the address (?utm_source=ig)
 * and stored with each answer, one column each. Adding one is a change the
 * database must follow.
 */
import { useId, useState } from "react";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { insertAt, setAt } from "./model/file-edits.ts";
import { useWords } from "./words/use-words.ts";

export function HiddenFields() {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const [name, setName] = useState("");
  const id = useId();
  const fields = survey.hiddenFields ?? [];
  const add = () => {
    change(fields.length ? insertAt(currentText(), ["hiddenFields", fields.length], name.trim()) : setAt(currentText(), ["hiddenFields"], [name.trim()]));
    setName("");
  };
  return (
    <details className="survey-texts">
      <summary>{words.hiddenFieldsSection}</summary>
      <ul className="hidden-fields">
        {fields.map((field, index) => (
          <li key={field}>
            <code>{field}</code> — {words.hiddenFieldStored} <code>?{field}=…</code>{" "}
            <button type="button" onClick={() => change(setAt(currentText(), ["hiddenFields", index], undefined))} aria-label={words.removeHiddenField(field)}>✕</button>
            <FieldProblems id={`${id}-${index}`} messages={problemsAt(problems, `/hiddenFields/${index}`)} />
          </li>
        ))}
      </ul>
      <label htmlFor={id}>{words.newHiddenField}</label>
      <input id={id} value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button" onClick={add} disabled={!name.trim()}>{words.addHiddenField}</button>
    </details>
  );
}
