/**
 * A question's `showIf`, built from choices that fit: only questions asked
 * before it, only the tests validate allows for that question's type
 * (testsFor), only its own options as values. One test, or several that
 * must all hold / of which one must hold ({"all": […]}, {"any": […]}). A
 * condition the builder cannot show (a "not", or combinations inside a
 * combination) is kept as the file has it, until the editor replaces it.
 */
import { useId } from "react";
import { conditionKey, testsFor, type ComparisonTest } from "../core/conditions.ts";
import { optionLabel, optionValue } from "../core/fields.ts";
import { definitionOf } from "../question-types/registry.ts";
import type { Condition, Question } from "../generated/survey-config.ts";
import { useEditing, useWholeSurvey } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { insertAt, pointerOf, setAt, type JSONPath } from "./model/file-edits.ts";

const TEST_WORDS: Record<ComparisonTest, string> = {
  equals: "is", notEquals: "is not", oneOf: "is one of", includes: "includes", excludes: "does not include",
  lessThan: "is less than", atMost: "is at most", greaterThan: "is more than", atLeast: "is at least", before: "is before", after: "is after", is: "is answered / empty",
};

type Mode = "always" | "one" | "all" | "any" | "kept";

const MODE_WORDS: Record<Exclude<Mode, "kept">, string> = {
  always: "always",
  one: "only when an earlier answer…",
  all: "only when all of these hold…",
  any: "only when one of these holds…",
};

const isTest = (condition: Condition) => (conditionKey(condition) ?? "") in TEST_WORDS;

/** How the builder shows `condition`: "kept" when it is not one test or one list of tests. */
function modeOf(condition: Condition | undefined): Mode {
  if (!condition) return "always";
  if (isTest(condition)) return "one";
  const list = condition.all ?? condition.any;
  return list?.every(isTest) ? (condition.all ? "all" : "any") : "kept";
}

/** A value that fits `test` on `tested`: its first option, 0, or "answered". */
function firstValue(tested: Question, test: ComparisonTest): Condition[ComparisonTest] {
  const first = "options" in tested ? optionValue(tested.options[0] ?? "") : "";
  if (test === "is") return "answered";
  if (test === "oneOf") return [first];
  if (test === "before" || test === "after") return new Date().toISOString().slice(0, 10);
  return definitionOf(tested).comparesNumbers ? 0 : first;
}

/** The test `wanted` on `tested` if its type takes it, else the type's first test, with a value that fits. */
function testOn(tested: Question, wanted?: ComparisonTest): Condition {
  const test = wanted && testsFor(tested).includes(wanted) ? wanted : testsFor(tested)[0]!;
  return { question: tested.id, [test]: firstValue(tested, test) };
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
  const mode = modeOf(condition);
  const tests = condition === undefined ? [] : mode === "one" ? [condition] : mode === "all" || mode === "any" ? (condition.all ?? condition.any)! : [];
  const write = (at: JSONPath, next: Condition | undefined) => change(setAt(currentText(), at, next), pointer);
  const newTest = () => testOn(earlier.at(-1)!);
  const switchTo = (next: Mode) => {
    if (next === "always") return write(path, undefined);
    const kept = tests.length ? tests : [newTest()];
    write(path, next === "one" ? kept[0] : { [next]: kept });
  };
  const listPath = mode === "all" || mode === "any" ? [...path, mode] : undefined;

  return (
    <fieldset className="condition">
      <legend>When is this question asked?</legend>
      {mode === "kept" && <p>Only when the condition written in the file holds (it is kept as it is; choose another way here to replace it).</p>}
      <label htmlFor={`${id}-when`}>Ask it</label>
      <select id={`${id}-when`} value={mode} disabled={!earlier.length && !condition} onChange={(event) => switchTo(event.target.value as Mode)}>
        {mode === "kept" && <option value="kept">as the file says</option>}
        {Object.entries(MODE_WORDS).map(([value, words]) => (
          <option key={value} value={value}>{words}</option>
        ))}
      </select>
      {!earlier.length && <p className="hint">The first question is always asked.</p>}
      {mode === "one" && <TestRow earlier={earlier} condition={condition!} onChange={(next) => write(path, next)} />}
      {listPath && (
        <ol className="condition-tests">
          {tests.map((test, n) => (
            <li key={n}>
              <TestRow earlier={earlier} condition={test} onChange={(next) => write([...listPath, n], next)} />
              {tests.length > 1 && (
                <button type="button" onClick={() => write([...listPath, n], undefined)} aria-label={`Remove test ${n + 1}`}>✕</button>
              )}
            </li>
          ))}
          <li>
            <button type="button" onClick={() => change(insertAt(currentText(), [...listPath, tests.length], newTest()), pointer)}>Add a test</button>
          </li>
        </ol>
      )}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </fieldset>
  );
}

/** One test on one earlier answer: which question, which test, which value. */
function TestRow({ earlier, condition, onChange }: { earlier: Question[]; condition: Condition; onChange: (next: Condition) => void }) {
  const id = useId();
  const test = conditionKey(condition) as ComparisonTest;
  const tested = earlier.find((other) => other.id === condition.question);
  return (
    <div className="field-row">
      <label htmlFor={`${id}-question`} className="visually-hidden">Earlier question</label>
      <select id={`${id}-question`} value={tested?.id ?? ""} onChange={(event) => onChange(testOn(earlier.find((other) => other.id === event.target.value)!, test))}>
        {!tested && <option value="">{`(${condition.question ?? "no question"}: not an earlier question)`}</option>}
        {earlier.map((other) => (
          <option key={other.id} value={other.id}>{`${other.id}: ${other.title.slice(0, 40)}`}</option>
        ))}
      </select>
      {tested && (
        <>
          <label htmlFor={`${id}-test`} className="visually-hidden">Test</label>
          <select id={`${id}-test`} value={test} onChange={(event) => onChange(testOn(tested, event.target.value as ComparisonTest))}>
            {testsFor(tested).map((allowed) => (
              <option key={allowed} value={allowed}>{TEST_WORDS[allowed]}</option>
            ))}
          </select>
          <TestValue id={`${id}-value`} tested={tested} test={test} condition={condition} onChange={(value) => onChange({ question: tested.id, [test]: value })} />
        </>
      )}
    </div>
  );
}

function TestValue({ id, tested, test, condition, onChange }: { id: string; tested: Question; test: ComparisonTest; condition: Condition; onChange: (value: unknown) => void }) {
  const value = condition[test];
  if (test === "is") {
    return (
      <select id={id} aria-label="Answered or empty" value={String(value)} onChange={(event) => onChange(event.target.value)}>
        <option value="answered">answered</option>
        <option value="empty">left empty</option>
      </select>
    );
  }
  if (test === "before" || test === "after") {
    return <input id={id} aria-label="Date" type="date" value={typeof value === "string" ? value : ""} onChange={(event) => event.target.value !== "" && onChange(event.target.value)} />;
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
