/**
 * A slider's texts for ranges of values ("Influye muy poco" from 1 to 3):
 * each range's ends and text edited in place, a range removed, or one added
 * after the last (its text left to write: validate shows it missing until then).
 */
import type { Question } from "../generated/survey-config.ts";
import { useEditing } from "./editing-context.ts";
import { NumberField } from "./fields/number-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { setAt } from "./model/file-edits.ts";

type Slider = Extract<Question, { type: "slider" }>;

export function ValueLabels({ question, index }: { question: Slider; index: number }) {
  const { currentText, change } = useEditing();
  const labels = question.valueLabels ?? [];
  const path = ["questions", index, "valueLabels"];
  const write = (next: Slider["valueLabels"]) => change(setAt(currentText(), path, next?.length ? next : undefined));
  const add = () => {
    const from = Math.min((labels.at(-1)?.to ?? question.min - 1) + 1, question.max);
    write([...labels, { from, to: question.max, label: "" }]);
  };
  return (
    <fieldset>
      <legend>Texts shown for ranges of values</legend>
      <ol className="value-labels">
        {labels.map((label, n) => (
          <li key={n} className="field-row">
            <NumberField path={[...path, n, "from"]} label="From" />
            <NumberField path={[...path, n, "to"]} label="To" />
            <TextField path={[...path, n, "label"]} label={`Text shown for ${label.from}–${label.to}`} />
            <button type="button" onClick={() => write(labels.toSpliced(n, 1))} aria-label={`Remove the text for ${label.from}–${label.to}`}>✕</button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>Add a text for a range</button>
    </fieldset>
  );
}
