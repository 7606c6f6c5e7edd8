/** Adds a question at the end from its title and type; its id is made from the title (and can change until a migration creates its column). */
import { useEffect, useId, useState } from "react";
import type { Question } from "../generated/survey-config.ts";
import { useEditing } from "./editing-context.ts";
import { idFromTitle } from "./model/question-ids.ts";
import { addQuestion } from "./model/survey-edits.ts";
import { useWords } from "./words/use-words.ts";

const TYPES: Question["type"][] = ["text", "textarea", "number", "radio", "select", "checkbox", "slider"];

export function AddQuestion() {
  const { currentText, survey, change, showQuestion } = useEditing();
  const words = useWords();
  const [title, setTitle] = useState("");
  const [type, setType] = useState<Question["type"]>("text");
  const field = useId();
  const [added, setAdded] = useState<number | null>(null);
  // The new question's card is where to go on (its emoji is still to choose): the focus goes to its title there.
  useEffect(() => {
    if (added === null) return;
    document.getElementById(`question-${added}`)?.closest("section")?.querySelector("textarea")?.focus();
    setAdded(null);
  }, [added]);
  const add = () => {
    change(addQuestion(currentText(), title.trim(), type));
    showQuestion(survey.questions.length);
    setAdded(survey.questions.length);
    setTitle("");
  };
  return (
    <fieldset className="add-question" id="add-question">
      <legend>{words.addQuestionLegend}</legend>
      <label htmlFor={`${field}-title`}>{words.newQuestionTitle}</label>
      <input id={`${field}-title`} value={title} onChange={(event) => setTitle(event.target.value)} aria-describedby={`${field}-id`} />
      <p id={`${field}-id`} className="hint" aria-live="polite">{title.trim() && words.newQuestionId(idFromTitle(survey, title))}</p>
      <label htmlFor={`${field}-type`}>{words.typeField}</label>
      <select id={`${field}-type`} value={type} onChange={(event) => setType(event.target.value as Question["type"])}>
        {TYPES.map((name) => <option key={name} value={name}>{name}</option>)}
      </select>
      <button type="button" onClick={add} disabled={!title.trim()}>{words.addQuestionButton}</button>
    </fieldset>
  );
}
