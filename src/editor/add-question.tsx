/** Adds a question at the end: its id (its database column, never renamed later) and type are chosen once. */
import { useEffect, useId, useState } from "react";
import type { Question } from "../generated/survey-config.ts";
import { useEditing } from "./editing-context.ts";
import { addQuestion } from "./model/survey-edits.ts";
import { questionTypes, toolsOfType } from "../question-types/registry.ts";

const TYPES = questionTypes().sort((a, b) => toolsOfType(a).editor.menuPosition - toolsOfType(b).editor.menuPosition);

export function AddQuestion() {
  const { currentText, survey, change, showQuestion } = useEditing();
  const [id, setId] = useState("");
  const [type, setType] = useState<Question["type"]>("text");
  const field = useId();
  const [added, setAdded] = useState<number | null>(null);
  // The new question's title is what to write next: the focus goes there.
  useEffect(() => {
    if (added === null) return;
    document.getElementById(`question-${added}`)?.closest("section")?.querySelector("textarea")?.focus();
    setAdded(null);
  }, [added]);
  const add = () => {
    change(addQuestion(currentText(), id.trim(), type));
    showQuestion(survey.questions.length);
    setAdded(survey.questions.length);
    setId("");
  };
  return (
    <fieldset className="add-question" id="add-question">
      <legend>Add a question at the end</legend>
      <label htmlFor={`${field}-id`}>Its id (its column in the database; it cannot be changed later)</label>
      <input id={`${field}-id`} value={id} onChange={(event) => setId(event.target.value)} />
      <label htmlFor={`${field}-type`}>Type</label>
      <select id={`${field}-type`} value={type} onChange={(event) => setType(event.target.value as Question["type"])}>
        {TYPES.map((name) => <option key={name} value={name}>{name}</option>)}
      </select>
      <button type="button" onClick={add} disabled={!id.trim()}>Add question</button>
    </fieldset>
  );
}
