/**
 * A `showIf` (a question's or an ending's), built from choices that fit: only
 * the questions it may read (for a question, those asked before it), only the tests validate allows for that question's type
 * (testsFor), only its own options as values (for a test on one row of a
 * matrix, its rows and then its columns: the type's conditionRows). One test, or several that
 * must all hold / of which one must hold ({"all": […]}, {"any": […]}); in a
 * survey with arms, a test may be the respondent's arm ({"arm": "b"}). A
 * condition the builder cannot show (a "not", or combinations inside a
 * combination) is kept as the file has it, until the editor replaces it.
 * Its menus take a keyboard choice when the user settles on it
 * (SettledSelect), so browsing with the arrow keys rewrites nothing.
 */
import { useId } from "react";
import { conditionKey, testsFor, type ComparisonTest } from "../core/conditions.ts";
import { optionLabel, optionValue } from "../core/fields.ts";
import { armIds } from "../core/arms.ts";
import { definitionOf, toolsOf } from "../question-types/registry.ts";
import type { Condition, Option, Question } from "../generated/survey-config.ts";
import { useEditing, useWholeSurvey } from "./editing-context.ts";
import { FieldProblems } from "./fields/field-problems.tsx";
import { SettledSelect } from "./fields/settled-select.tsx";
import { DEFAULT_EDITOR_LANGUAGE, EDITOR_LANGUAGES } from "./words/index.ts";
import { useWords } from "./words/use-words.ts";
import { insertAt, pointerOf, setAt, type JSONPath } from "./model/file-edits.ts";

type Mode = "always" | "one" | "all" | "any" | "kept";

const MODES = [
  ["always", "modeAlways"],
  ["one", "modeOne"],
  ["all", "modeAll"],
  ["any", "modeAny"],
] as const;

/** A single test the builder can show: one it has words for (the words list every comparison test, or fail to compile), or the respondent's A/B arm. */
const isTest = (condition: Condition) => condition.arm !== undefined || Object.hasOwn(EDITOR_LANGUAGES[DEFAULT_EDITOR_LANGUAGE].tests, conditionKey(condition) ?? "");

/** The subject picker's entry for the respondent's arm (no question id can start with "~": validate's pattern). */
const ARM_SUBJECT = "~arm";

/** A question in a picker: its number (type-ahead finds it: Spanish titles all start with "¿"), its title, its id second. */
const named = (question: Question, index: number) => `${index + 1}. ${question.title.length > 48 ? `${question.title.slice(0, 47)}…` : question.title} (${question.id})`;

/** How the builder shows `condition`: "kept" when it is not one test or one list of tests. */
function modeOf(condition: Condition | undefined): Mode {
  if (!condition) return "always";
  if (isTest(condition)) return "one";
  const list = condition.all ?? condition.any;
  return list?.every(isTest) ? (condition.all ? "all" : "any") : "kept";
}

/** The rows a test on `tested` reads one of, when its type has rows and the test needs one. */
function rowsFor(tested: Question, test: ComparisonTest): Option[] | undefined {
  const rows = toolsOf(tested).conditionRows;
  return rows?.tests.includes(test) ? rows.rows(tested) : undefined;
}

/** The values a test compares with: a row's scale for a test on one row, else the question's options. */
function valuesFor(tested: Question, row: string | undefined): Option[] {
  const rows = toolsOf(tested).conditionRows;
  if (row !== undefined && rows) return rows.values(tested);
  return "options" in tested ? tested.options : [];
}

/** A value that fits `test` on `tested`: its first option, 0, or "answered". */
function firstValue(tested: Question, test: ComparisonTest): Condition[ComparisonTest] {
  const first = optionValue(valuesFor(tested, rowsFor(tested, test) && "")[0] ?? "");
  if (test === "is") return "answered";
  if (test === "oneOf") return [first];
  if (test === "before" || test === "after") return new Date().toISOString().slice(0, 10);
  return definitionOf(tested).comparesNumbers ? 0 : first;
}

/** The test `wanted` on `tested` if its type takes it, else the type's first test, with a value that fits. */
function testOn(tested: Question, wanted?: ComparisonTest): Condition {
  const test = wanted && testsFor(tested).includes(wanted) ? wanted : testsFor(tested)[0]!;
  const rows = rowsFor(tested, test);
  return { question: tested.id, ...(rows && { row: optionValue(rows[0] ?? "") }), [test]: firstValue(tested, test) };
}

/** A question's showIf: it may read the questions before it. */
export function ConditionBuilder({ question, index }: { question: Question; index: number }) {
  const words = useWords();
  const survey = useWholeSurvey();
  const earlier = survey.questions.slice(0, index);
  const hint = earlier.length ? words.selectHint : words.firstAlwaysAsked;
  // The first question is on screen before the arm is known (validate refuses an arm there), so only later ones offer it.
  return <ConditionFields path={["questions", index, "showIf"]} condition={question.showIf} readable={earlier} armsAllowed={index > 0} legend={words.conditionLegend} whenLabel={words.askIt} hint={hint} />;
}

interface ConditionFieldsProps {
  path: JSONPath;
  condition: Condition | undefined;
  /** The questions the condition may read. */
  readable: Question[];
  /** Whether it may test the respondent's A/B arm (in a survey with arms); true unless said. */
  armsAllowed?: boolean;
  legend: string;
  whenLabel: string;
  hint: string;
}

/** Any showIf of the file (a question's, an ending's), built from the questions it may read. */
export function ConditionFields({ path, condition, readable: earlier, armsAllowed = true, legend, whenLabel, hint }: ConditionFieldsProps) {
  const { currentText, change, problems } = useEditing();
  const survey = useWholeSurvey();
  const arms = armsAllowed ? armIds(survey) : [];
  const words = useWords();
  const id = useId();
  const pointer = pointerOf(path);
  const messages = problems.filter((problem) => problem.pointer.startsWith(pointer)).map((problem) => problem.message);
  const mode = modeOf(condition);
  const tests = condition === undefined ? [] : mode === "one" ? [condition] : mode === "all" || mode === "any" ? (condition.all ?? condition.any)! : [];
  const write = (at: JSONPath, next: Condition | undefined) => change(setAt(currentText(), at, next), pointer);
  const newTest = (): Condition => (earlier.length ? testOn(earlier.at(-1)!) : { arm: arms[0]! });
  const switchTo = (next: Mode) => {
    if (next === "always") return write(path, undefined);
    const kept = tests.length ? tests : [newTest()];
    write(path, next === "one" ? kept[0] : { [next]: kept });
  };
  const listPath = mode === "all" || mode === "any" ? [...path, mode] : undefined;

  return (
    <fieldset className="condition">
      <legend>{legend}</legend>
      {mode === "kept" && <p>{words.conditionKept}</p>}
      <label htmlFor={`${id}-when`}>{whenLabel}</label>
      <SettledSelect id={`${id}-when`} value={mode} disabled={!earlier.length && !arms.length && !condition} onSettle={(value) => switchTo(value as Mode)} aria-describedby={`${id}-hint`}>
        {mode === "kept" && <option value="kept">{words.asTheFileSays}</option>}
        {MODES.map(([value, word]) => (
          <option key={value} value={value}>{words[word]}</option>
        ))}
      </SettledSelect>
      <p className="hint" id={`${id}-hint`}>{hint}</p>
      {mode === "one" && <TestRow earlier={earlier} arms={arms} condition={condition!} onChange={(next) => write(path, next)} />}
      {listPath && (
        <ol className="condition-tests">
          {tests.map((test, n) => (
            <li key={n}>
              <TestRow earlier={earlier} arms={arms} condition={test} onChange={(next) => write([...listPath, n], next)} />
              {tests.length > 1 && (
                <button type="button" onClick={() => write([...listPath, n], undefined)} aria-label={words.removeTest(n + 1)}>✕</button>
              )}
            </li>
          ))}
          <li>
            <button type="button" onClick={() => change(insertAt(currentText(), [...listPath, tests.length], newTest()), pointer)}>{words.addTest}</button>
          </li>
        </ol>
      )}
      <FieldProblems id={`${id}-problems`} messages={messages} />
    </fieldset>
  );
}

/** One test on one earlier answer (which question, which test, which value), or on the respondent's arm (which arm). */
function TestRow({ earlier, arms, condition, onChange }: { earlier: Question[]; arms: string[]; condition: Condition; onChange: (next: Condition) => void }) {
  const id = useId();
  const words = useWords();
  const test = conditionKey(condition) as ComparisonTest;
  const onArm = condition.arm !== undefined;
  const tested = onArm ? undefined : earlier.find((other) => other.id === condition.question);
  const rows = tested && rowsFor(tested, test);
  const pick = (value: string) => onChange(value === ARM_SUBJECT ? { arm: arms[0]! } : testOn(earlier.find((other) => other.id === value)!, test));
  return (
    <div className="field-row">
      <label htmlFor={`${id}-question`} className="visually-hidden">{words.earlierQuestion}</label>
      <SettledSelect id={`${id}-question`} value={onArm ? ARM_SUBJECT : (tested?.id ?? "")} onSettle={pick}>
        {!tested && !onArm && <option value="">{words.notEarlier(condition.question ?? words.noQuestion)}</option>}
        {(arms.length > 0 || onArm) && <option value={ARM_SUBJECT}>{words.armSubject}</option>}
        {earlier.map((other, index) => (
          <option key={other.id} value={other.id}>{named(other, index)}</option>
        ))}
      </SettledSelect>
      {onArm && (
        <>
          <label htmlFor={`${id}-arm`} className="visually-hidden">{words.armLabel}</label>
          <SettledSelect id={`${id}-arm`} value={condition.arm!} onSettle={(arm) => onChange({ arm })}>
            {!arms.includes(condition.arm!) && <option value={condition.arm!}>{condition.arm}</option>}
            {arms.map((arm) => (
              <option key={arm} value={arm}>{words.armIs(arm)}</option>
            ))}
          </SettledSelect>
        </>
      )}
      {tested && (
        <>
          <label htmlFor={`${id}-test`} className="visually-hidden">{words.testLabel}</label>
          <SettledSelect id={`${id}-test`} value={test} onSettle={(value) => onChange(testOn(tested, value as ComparisonTest))}>
            {testsFor(tested).map((allowed) => (
              <option key={allowed} value={allowed}>{words.tests[allowed]}</option>
            ))}
          </SettledSelect>
          {rows && (
            <>
              <label htmlFor={`${id}-row`} className="visually-hidden">{words.rowLabel}</label>
              <SettledSelect id={`${id}-row`} value={condition.row ?? ""} onSettle={(row) => onChange({ question: tested.id, row, [test]: condition[test] })}>
                {condition.row === undefined && <option value="">—</option>}
                {rows.map((row) => (
                  <option key={optionValue(row)} value={optionValue(row)}>{optionLabel(row)}</option>
                ))}
              </SettledSelect>
            </>
          )}
          <TestValue id={`${id}-value`} tested={tested} test={test} condition={condition} onChange={(value) => onChange({ question: tested.id, ...(condition.row !== undefined && { row: condition.row }), [test]: value })} />
        </>
      )}
    </div>
  );
}

function TestValue({ id, tested, test, condition, onChange }: { id: string; tested: Question; test: ComparisonTest; condition: Condition; onChange: (value: unknown) => void }) {
  const words = useWords();
  const value = condition[test];
  if (test === "is") {
    return (
      <SettledSelect id={id} aria-label={words.answeredOrEmpty} value={String(value)} onSettle={onChange}>
        <option value="answered">{words.answered}</option>
        <option value="empty">{words.leftEmpty}</option>
      </SettledSelect>
    );
  }
  if (test === "before" || test === "after") {
    return <input id={id} aria-label={words.dateLabel} type="date" value={typeof value === "string" ? value : ""} onChange={(event) => event.target.value !== "" && onChange(event.target.value)} />;
  }
  const options = valuesFor(tested, condition.row);
  if (definitionOf(tested).comparesNumbers || options.length === 0) {
    return <input id={id} aria-label={words.numberLabel} type="number" value={typeof value === "number" ? value : ""} onChange={(event) => event.target.value !== "" && onChange(Number(event.target.value))} />;
  }
  if (test === "oneOf") {
    const chosen = (value as string[]) ?? [];
    return (
      <fieldset id={id} className="one-of">
        <legend className="visually-hidden">{words.optionsLegend}</legend>
        {options.map((option) => {
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
    <SettledSelect id={id} aria-label={words.optionLabel} value={String(value)} onSettle={onChange}>
      {options.map((option) => (
        <option key={optionValue(option)} value={optionValue(option)}>{optionLabel(option)}</option>
      ))}
    </SettledSelect>
  );
}
