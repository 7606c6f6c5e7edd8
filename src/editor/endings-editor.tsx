/**
 * The survey's endings: each with its id, its condition (the same builder as
 * a question's, reading every question: an ending comes after all of them)
 * and its page's heading and text. The last ending is the default and has no
 * condition; new endings go before it, so the file stays valid.
 */
import { useId } from "react";
import type { Ending } from "../generated/survey-config.ts";
import { presetFor } from "../i18n/presets.ts";
import { ConditionFields } from "./condition-builder.tsx";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { TextField } from "./fields/text-field.tsx";
import { insertAt, setAt } from "./model/file-edits.ts";
import { useWords } from "./words/use-words.ts";

export function EndingsEditor() {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const id = useId();
  const endings = survey.endings ?? [];
  const last = survey.questions.at(-1);
  const preset = presetFor(survey.thankYou?.language ?? survey.language).thankYou;
  const conditional = (n: number): Ending => ({ id: `final-${n}`, showIf: { question: last!.id, is: "answered" } });
  const start = () => change(setAt(currentText(), ["endings"], [conditional(1), { id: "padrao" }]));
  const add = () => change(insertAt(currentText(), ["endings", endings.length - 1], conditional(endings.length)));
  return (
    <details className="survey-texts" open={endings.length > 0}>
      <summary>{words.endingsSection}</summary>
      <p className="hint">{words.endingsHint}</p>
      <ol className="endings">
        {endings.map((ending, index) => {
          const isDefault = index === endings.length - 1 && !ending.showIf;
          return (
            <li key={index}>
              <TextField path={["endings", index, "id"]} label={words.endingId} />
              {isDefault ? (
                <p>{words.endingDefault}</p>
              ) : (
                <ConditionFields path={["endings", index, "showIf"]} condition={ending.showIf} readable={survey.questions} legend={words.endingConditionLegend(ending.id)} whenLabel={words.endHere} hint={words.selectHint} />
              )}
              <TextField path={["endings", index, "thankYou", "heading"]} label={words.headingField} optional fallback={survey.thankYou?.heading ?? preset.heading} />
              <TextField path={["endings", index, "thankYou", "text"]} label={words.textField} optional multiline fallback={survey.thankYou?.text ?? preset.text} />
              {!isDefault && <button type="button" onClick={() => change(setAt(currentText(), ["endings", index], undefined))}>{words.removeEnding(ending.id)}</button>}
              <FieldProblems id={`${id}-${index}`} messages={problemsAt(problems, `/endings/${index}`)} />
            </li>
          );
        })}
      </ol>
      {endings.length > 0 ? (
        <>
          <button type="button" onClick={add} disabled={!last}>{words.addEnding}</button>{" "}
          <button type="button" onClick={() => change(setAt(currentText(), ["endings"], undefined))}>{words.removeEndings}</button>
        </>
      ) : (
        <button type="button" onClick={start} disabled={!last}>{words.startEndings}</button>
      )}
    </details>
  );
}
