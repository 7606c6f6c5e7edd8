/**
 * The survey's A/B test (its `arms`, src/core/arms.ts): each group's name
 * and the wording it gives some questions (title, subtitle, option labels),
 * edited in place; what a group leaves empty is the question's own, shown as
 * the placeholder. Starting a test makes groups "a" and "b" at once, so the
 * file stays valid (a test has 2 to 10 groups), and a group is removed only
 * while more than two remain; ending the test removes the key. The first
 * question reads the same in every group (the page shows it before the group
 * is known): it is not offered. A question asked in one group only is built
 * in its card's condition; a group's option order is shown as the file has
 * it (the editor does not write one).
 */
import { useId } from "react";
import { optionLabel, optionValue } from "../core/fields.ts";
import type { Arm, Option, Question } from "../generated/survey-config.ts";
import { problemsAt, useEditing } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { TextField } from "./fields/text-field.tsx";
import { insertAt, setAt } from "./model/file-edits.ts";
import { useWords } from "./words/use-words.ts";

const MOST_ARMS = 10;
/** The next group's name: the first letter no group has. */
const nextArmId = (arms: readonly Arm[]) => "abcdefghijklmnopqrstuvwxyz".split("").find((letter) => !arms.some((arm) => arm.id === letter)) ?? `grupo-${arms.length + 1}`;
const optionsOf = (question: Question): Option[] => ("options" in question && Array.isArray(question.options) ? (question.options as Option[]) : []);

export function ArmsEditor() {
  const { currentText, survey, change } = useEditing();
  const words = useWords();
  const arms = survey.arms ?? [];
  const start = () => change(setAt(currentText(), ["arms"], [{ id: "a" }, { id: "b" }]));
  return (
    <details className="survey-texts" open={arms.length > 0}>
      <summary>{words.armsSection}</summary>
      <p className="hint">{words.armsHint}</p>
      {arms.length === 0 ? (
        <button type="button" onClick={start}>{words.startArms}</button>
      ) : (
        <>
          <ol className="arms">
            {arms.map((arm, index) => <ArmFields key={index} arm={arm} index={index} removable={arms.length > 2} />)}
          </ol>
          <button type="button" onClick={() => change(insertAt(currentText(), ["arms", arms.length], { id: nextArmId(arms) }))} disabled={arms.length >= MOST_ARMS}>{words.addArm}</button>{" "}
          <button type="button" onClick={() => change(setAt(currentText(), ["arms"], undefined))}>{words.removeArms}</button>
        </>
      )}
    </details>
  );
}

function ArmFields({ arm, index, removable }: { arm: Arm; index: number; removable: boolean }) {
  const { currentText, survey, change, problems } = useEditing();
  const words = useWords();
  const id = useId();
  const reworded = Object.keys(arm.questions ?? {});
  // Not the first question, nor one this group already words.
  const offered = survey.questions.slice(1).filter((question) => !reworded.includes(question.id));
  const reword = (questionId: string) => {
    const question = survey.questions.find((candidate) => candidate.id === questionId);
    if (!question) return;
    // Its own title to start from: the file is valid at once and the editor changes what differs.
    change(setAt(currentText(), ["arms", index, "questions", questionId], { title: question.title }));
  };
  const unword = (questionId: string) => change(setAt(currentText(), reworded.length === 1 ? ["arms", index, "questions"] : ["arms", index, "questions", questionId], undefined));
  return (
    <li>
      <TextField path={["arms", index, "id"]} label={words.armId} />
      {reworded.map((questionId) => {
        const question = survey.questions.find((candidate) => candidate.id === questionId);
        const title = question?.title ?? questionId;
        const order = arm.questions?.[questionId]?.optionOrder;
        return (
          <fieldset key={questionId}>
            <legend>{words.armQuestionLegend(arm.id, title)}</legend>
            <TextField path={["arms", index, "questions", questionId, "title"]} label={words.armTitle} optional fallback={question?.title} />
            <TextField path={["arms", index, "questions", questionId, "subtitle"]} label={words.armSubtitle} optional fallback={question?.subtitle} />
            {question && optionsOf(question).map((option) => (
              <TextField key={optionValue(option)} path={["arms", index, "questions", questionId, "options", optionValue(option)]} label={words.armOption(optionValue(option))} optional fallback={optionLabel(option)} />
            ))}
            {order && <p className="hint">{words.armOptionOrder(order.join(", "))}</p>}
            <button type="button" onClick={() => unword(questionId)}>{words.removeArmQuestion(title)}</button>
          </fieldset>
        );
      })}
      {offered.length > 0 && (
        <label>
          {words.rewordQuestion}
          {/* Picking one adds it at once; the list then starts over at its prompt. */}
          <select value="" onChange={(event) => reword(event.target.value)}>
            <option value="">{words.rewordPick}</option>
            {offered.map((question) => <option key={question.id} value={question.id}>{question.title}</option>)}
          </select>
        </label>
      )}
      {removable && <button type="button" onClick={() => change(setAt(currentText(), ["arms", index], undefined))}>{words.removeArm(arm.id)}</button>}
      <FieldProblems id={`${id}-problems`} messages={problemsAt(problems, `/arms/${index}`)} />
    </li>
  );
}
