/** A yes/no setting of the survey file (a question's `required`); an opt-in one is left out of the file while off (`leftOutWhenOff`). */
import { pointerOf, setAt, valueAt, type JSONPath } from "../model/file-edits.ts";
import { useEditing } from "../editing-context.ts";

export function SwitchField({ path, label, leftOutWhenOff = false }: { path: JSONPath; label: string; leftOutWhenOff?: boolean }) {
  const { currentText, survey, change } = useEditing();
  const valueOf = (checked: boolean) => (checked || !leftOutWhenOff ? checked : undefined);
  return (
    <label className="field field-switch">
      <input type="checkbox" checked={valueAt(survey, path) === true} onChange={(event) => change(setAt(currentText(), path, valueOf(event.target.checked)), pointerOf(path))} />
      {label}
    </label>
  );
}
