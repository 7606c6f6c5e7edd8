/**
 * One text of the survey file, edited in place: what is typed goes straight
 * into the file at `path`. An optional text left empty is removed from the
 * file (the preset's wording, shown as the placeholder, applies again).
 */
import { useId } from "react";
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { problemsAt, useEditing } from "../editing-context.ts";
import { FieldProblems } from "./field-problems.tsx";

interface TextFieldProps {
  path: JSONPath;
  label: string;
  optional?: boolean;
  /** The wording used when the file says nothing (a preset's). */
  fallback?: string;
  multiline?: boolean;
}

export function TextField({ path, label, optional = false, fallback, multiline = false }: TextFieldProps) {
  const { currentText, survey, change, problems } = useEditing();
  const id = useId();
  const pointer = pointerOf(path);
  const messages = problemsAt(problems, pointer);
  const value = valueAt(survey, path);
  const onChange = (typed: string) => change(setAt(currentText(), path, typed === "" && optional ? undefined : typed), pointer);
  const props = {
    id,
    value: typeof value === "string" ? value : "",
    placeholder: fallback,
    "aria-invalid": messages.length > 0 || undefined,
    "aria-describedby": messages.length ? `${id}-problems` : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...props} rows={2} onChange={(event) => onChange(event.target.value)} /> : <input {...props} onChange={(event) => onChange(event.target.value)} />}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </div>
  );
}
