/**
 * A question's `showIf`, built from choices that fit: only questions asked
 * before it, only the tests validate allows for that question's type
 * (TESTS_BY_TYPE), only its own options as values. A combined condition
 * (all / any / not) written in the file is kept as it is and shown as such.
 */
import { useId } from "react";
import { conditionKey, TESTS_BY_TYPE, type ComparisonTest } from "../core/conditions.ts";
import { optionLabel, optionValue } from "../core/fields.ts";
import type { Condition, Question } from "../generated/survey-config.ts";
import { useEditing, useWholeSurvey } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { pointerOf, setAt } from "./model/file-edits.ts";

const TEST_WORDS: Record<ComparisonTest, string> = {
  equals: "is", notEquals: "is not", oneOf: "is one of", includes: "includes", excludes: "does not include",
  lessThan: "is less than", atMost: "is at most", greaterThan: "is more than", atLeast: "is at least", is: "is",
};

/** A value that fits `test` on `tested`: its first option, 0, or "answered". */
function firstValue(tested: Question, test: ComparisonTest): Condition[ComparisonTest] {
  const first = "options" in tested ? optionValue(tested.options[0] ?? "") : "";
  if (test === "is") return "answered";
  if (test === "oneOf") return [first];
  return tested.type === "number" || tested.type === "slider" ? 0 : first;
}

export function ConditionBuilder({ question, index }: { question: Question; index: number }) {
  const { currentText, change, problems } = useEditing();
  const survey = useWholeSurvey();
  const id = useId();
  const path = ["questions", index, "showIf"];
  const pointer = pointerOf(path);
  const messages = problems.filter((problem) => problem.pointer.startsWith(pointer)).map((problem) => problem.message);
  const earlier = survey.questions.slice(0, index);
  const condition = question.showIf;
  const test = condition && (conditionKey(condition) as ComparisonTest | undefined);
  const tested = earlier.find((other) => other.id === condition?.question);
  const write = (next: Condition | undefined) => change(setAt(currentText(), path, next), pointer);
  const testOf = (other: Question, wanted?: ComparisonTest) => (wanted && TESTS_BY_TYPE[other.type].includes(wanted) ? wanted : TESTS_BY_TYPE[other.type][0]!);
  const choose = (other: Question, wanted?: ComparisonTest) => {
    const chosen = testOf(other, wanted);
    write({ question: other.id, [chosen]: firstValue(other, chosen) });
  };
  const combined = condition !== undefined && ["all", "any", "not"].includes(conditionKey(condition) ?? "");

  return (
    <fieldset className="condition">
      <legend>When is this question asked?</legend>
      {combined ? (
        <p>Only when the combined condition written in the file holds (it is kept as it is).</p>
      ) : (
        <>
          <label htmlFor={`${id}-when`}>Ask it</label>
          <select id={`${id}-when`} value={condition ? "when" : "always"} disabled={!earlier.length && !condition} onChange={(event) => (event.target.value === "always" ? write(undefined) : choose(earlier.at(-1)!))}>
            <option value="always">always</option>
            <option value="when">only when an earlier answer…</option>
          </select>
          {!earlier.length && <p className="hint">The first question is always asked.</p>}
          {condition && (
            <div className="field-row">
              <label htmlFor={`${id}-question`} className="visually-hidden">Earlier question</label>
              <select id={`${id}-question`} value={tested?.id ?? ""} onChange={(event) => choose(earlier.find((other) => other.id === event.target.value)!, test)}>
                {!tested && <option value="">{`(${condition.question ?? "no question"}: not an earlier question)`}</option>}
                {earlier.map((other) => (
                  <option key={other.id} value={other.id}>{`${other.id}: ${other.title.slice(0, 40)}`}</option>
                ))}
              </select>
              {tested && test && (
                <>
                  <label htmlFor={`${id}-test`} className="visually-hidden">Test</label>
                  <select id={`${id}-test`} value={test} onChange={(event) => choose(tested, event.target.value as ComparisonTest)}>
                    {TESTS_BY_TYPE[tested.type].map((allowed) => (
                      <option key={allowed} value={allowed}>{allowed === "is" ? "is answered / empty" : TEST_WORDS[allowed]}</option>
                    ))}
                  </select>
                  <ConditionValue id={`${id}-value`} tested={tested} test={test} condition={condition} onChange={(value) => write({ question: tested.id, [test]: value })} />
                </>
              )}
            </div>
          )}
        </>
      )}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </fieldset>
  );
}

function ConditionValue({ id, tested, test, condition, onChange }: { id: string; tested: Question; test: ComparisonTest; condition: Condition; onChange: (value: unknown) => void }) {
  const value = condition[test];
  if (test === "is") {
    return (
      <select id={id} aria-label="Answered or empty" value={String(value)} onChange={(event) => onChange(event.target.value)}>
        <option value="answered">answered</option>
        <option value="empty">left empty</option>
      </select>
    );
  }
  if (!("options" in tested)) {
    return <input id={id} aria-label="Number" type="number" value={typeof value === "number" ? value : ""} onChange={(event) => event.target.value !== "" && onChange(Number(event.target.value))} />;
  }
  if (test === "oneOf") {
    const chosen = (value as string[]) ?? [];
    return (
      <fieldset id={id} className="one-of">
        <legend className="visually-hidden">Options</legend>
        {tested.options.map((option) => {
          const stored = optionValue(option);
          const toggle = (on: boolean) => onChange(on ? [...chosen, stored] : chosen.filter((other) => other !== stored));
          return (
            <label key={stored}>
              <input type="checkbox" checked={chosen.includes(stored)} onChange={(event) => toggle(event.target.checked)} />
              {optionLabel(option)}
            </label>
          );
        })}
      </fieldset>
    );
  }
  return (
    <select id={id} aria-label="Option" value={String(value)} onChange={(event) => onChange(event.target.value)}>
      {tested.options.map((option) => (
        <option key={optionValue(option)} value={optionValue(option)}>{optionLabel(option)}</option>
      ))}
    </select>
  );
}
