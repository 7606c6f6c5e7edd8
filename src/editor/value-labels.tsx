/**
 * A slider's texts for ranges of values ("Influye muy poco" from 1 to 3):
 * each range's ends and text edited in place, a range removed, or one added
 * after the last (its text left to write: validate shows it missing until then).
 */
import type { SliderQuestion } from "../generated/survey-config.ts";
import { useEditing } from "./editing-context.ts";
import { NumberField } from "./fields/number-field.tsx";
import { TextField } from "./fields/text-field.tsx";
import { insertAt, setAt } from "./model/file-edits.ts";
import { useWords } from "./words/use-words.ts";

export function ValueLabels({ question, index }: { question: SliderQuestion; index: number }) {
  const { currentText, change } = useEditing();
  const words = useWords();
  const labels = question.valueLabels ?? [];
  const path = ["questions", index, "valueLabels"];
  // Item by item, so the other ranges keep their lines; the last one removed takes the empty list with it.
  const add = () => {
    const from = Math.min((labels.at(-1)?.to ?? question.min - 1) + 1, question.max);
    const range = { from, to: question.max, label: "" };
    change(labels.length ? insertAt(currentText(), [...path, labels.length], range) : setAt(currentText(), path, [range]));
  };
  const remove = (n: number) => change(setAt(currentText(), labels.length === 1 ? path : [...path, n], undefined));
  return (
    <fieldset>
      <legend>{words.rangesLegend}</legend>
      <ol className="value-labels">
        {labels.map((label, n) => (
          <li key={n} className="field-row">
            <NumberField path={[...path, n, "from"]} label={words.rangeFrom} />
            <NumberField path={[...path, n, "to"]} label={words.rangeTo} />
            <TextField path={[...path, n, "label"]} label={words.rangeText(`${label.from}–${label.to}`)} />
            <button type="button" onClick={() => remove(n)} aria-label={words.removeRange(`${label.from}–${label.to}`)}>✕</button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>{words.addRange}</button>
    </fieldset>
  );
}
