/** A yes/no setting of the survey file (a question's `required`). */
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { useEditing } from "../editing-context.ts";

export function SwitchField({ path, label }: { path: JSONPath; label: string }) {
  const { currentText, survey, change } = useEditing();
  return (
    <label className="field field-switch">
      <input type="checkbox" checked={valueAt(survey, path) === true} onChange={(event) => change(setAt(currentText(), path, event.target.checked), pointerOf(path))} />
      {label}
    </label>
  );
}
