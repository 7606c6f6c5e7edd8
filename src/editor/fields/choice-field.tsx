/** One of a few values of the survey file (a rating's look); an optional one may be left out, and its default is then named. */
import { useId } from "react";
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { problemsAt, useEditing } from "../editing-context.ts";
import { FieldProblems } from "./field-problems.tsx";

interface ChoiceFieldProps {
  path: JSONPath;
  label: string;
  choices: { value: string; label: string }[];
  /** The words for "left out", when the file may leave it out. */
  unset?: string;
}

export function ChoiceField({ path, label, choices, unset }: ChoiceFieldProps) {
  const { currentText, survey, change, problems } = useEditing();
  const id = useId();
  const pointer = pointerOf(path);
  const messages = problemsAt(problems, pointer);
  const value = valueAt(survey, path);
  return (
    <div className="field field-choice">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={typeof value === "string" ? value : ""}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? `${id}-problems` : undefined}
        onChange={(event) => change(setAt(currentText(), path, event.target.value === "" ? undefined : event.target.value), pointer)}
      >
        {unset !== undefined && <option value="">{unset}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>{choice.label}</option>
        ))}
      </select>
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </div>
  );
}
