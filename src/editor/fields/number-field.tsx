/**
 * One number of the survey file (a limit, a slider's range); an optional one
 * left empty is removed. What is typed shows as typed until the field is
 * left: a required number emptied on the way to another (backspace, then
 * "50") is not written, and does not spring back under the cursor.
 */
import { useId, useState } from "react";
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { problemsAt, useEditing } from "../editing-context.ts";
import { FieldProblems } from "./field-problems.tsx";

export function NumberField({ path, label, optional = false }: { path: JSONPath; label: string; optional?: boolean }) {
  const { currentText, survey, change, problems } = useEditing();
  const id = useId();
  const pointer = pointerOf(path);
  const messages = problemsAt(problems, pointer);
  const value = valueAt(survey, path);
  const [typing, setTyping] = useState<string | null>(null);
  const onChange = (typed: string) => {
    setTyping(typed);
    if (typed === "" && !optional) return;
    change(setAt(currentText(), path, typed === "" ? undefined : Number(typed)), pointer);
  };
  return (
    <div className="field field-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        value={typing ?? (typeof value === "number" ? value : "")}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? `${id}-problems` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTyping(null)}
      />
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </div>
  );
}
