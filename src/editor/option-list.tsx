/**
 * The options of one choice question (or a matrix's rows or columns, which
 * are written like options): each one's text edited in place (its
 * stored value kept, see renameOption), reordered by drag or buttons,
 * duplicated or removed (refused with the reason when a condition or the
 * 'other' field uses it), and several added at once by pasting one per line.
 * While the question shuffles its options, each one may be anchored (keeps its place).
 */
import { useId, useState } from "react";
import { optionLabel, optionValue } from "../core/fields.ts";
import type { Option } from "../generated/survey-config.ts";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { pointerOf } from "./model/file-edits.ts";
import { addOptions, anchorOption, duplicateOption, moveOption, removeOption, renameOption, type OptionListKey } from "./model/survey-edits.ts";
import { ItemMoves, SortableList, uniqueKeys } from "./sortable-list.tsx";
import { useWords } from "./words/use-words.ts";

function OptionRow({ question, list, index, option, count, handle, shuffled }: { question: number; list: OptionListKey; index: number; option: Option; count: number; handle: React.ReactNode; shuffled: boolean }) {
  const { currentText, change, problems, refuse } = useEditing();
  const words = useWords();
  const id = useId();
  const path = ["questions", question, list, index];
  const pointer = pointerOf(path);
  const messages = [...problemsAt(problems, pointer), ...problemsAt(problems, `${pointer}/label`), ...problemsAt(problems, `${pointer}/value`)];
  const label = optionLabel(option);
  const value = optionValue(option);
  const storeNewText = () => {
    if (window.confirm(words.storeNewTextConfirm(label, value))) change(renameOption(currentText(), question, index, label, true, list));
  };
  const remove = () => {
    const result = removeOption(currentText(), question, index, list);
    if ("refused" in result) refuse(result.refused);
    else change(result.text);
  };
  return (
    <div className="option-row">
      {handle}
      <label htmlFor={id} className="visually-hidden">{words.optionN(index + 1)}</label>
      <input id={id} value={label} aria-invalid={messages.length > 0 || undefined} aria-describedby={`${id}-stored ${id}-problems`} onChange={(event) => change(renameOption(currentText(), question, index, event.target.value, false, list), pointer)} />
      <ItemMoves index={index} count={count} name={label} onMove={(from, to) => change(moveOption(currentText(), question, from, to, list))} />
      <button type="button" onClick={() => change(duplicateOption(currentText(), question, index, list))} aria-label={words.copyOption(label)}>{words.copy}</button>
      <button type="button" onClick={remove} aria-label={words.removeOption(label)}>✕</button>
      {shuffled && (
        <label className="option-anchor" title={words.anchoredHint}>
          <input type="checkbox" aria-label={words.anchorOption(label)} checked={typeof option !== "string" && option.anchored === true} onChange={(event) => change(anchorOption(currentText(), question, index, event.target.checked), pointer)} />
          {words.anchored}
        </label>
      )}
      {label !== value && (
        <p className="stored-as" id={`${id}-stored`}>
          {words.storedAs(value)}{" "}
          <button type="button" className="link-button" onClick={storeNewText}>{words.storeNewText}</button>
        </p>
      )}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </div>
  );
}

export function OptionList({ question, options, list = "options", legend, shuffled = false }: { question: number; options: Option[]; list?: OptionListKey; legend?: string; shuffled?: boolean }) {
  const { currentText, change } = useEditing();
  const words = useWords();
  const [pasted, setPasted] = useState("");
  const pasteId = useId();
  const add = () => {
    change(addOptions(currentText(), question, pasted, list));
    setPasted("");
  };
  return (
    <fieldset className="options">
      <legend>{legend ?? words.optionsLegend}</legend>
      <SortableList keys={uniqueKeys(options.map(optionValue))} names={options.map(optionLabel)} noun="option" onMove={(from, to) => change(moveOption(currentText(), question, from, to, list))} className="option-list">
        {(index, handle) => <OptionRow question={question} list={list} index={index} option={options[index]!} count={options.length} handle={handle} shuffled={shuffled} />}
      </SortableList>
      <label htmlFor={pasteId}>{words.pasteOptions}</label>
      <textarea id={pasteId} rows={2} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      <button type="button" onClick={add} disabled={!pasted.trim()}>{words.addOptions}</button>
    </fieldset>
  );
}
