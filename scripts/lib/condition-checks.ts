/**
 * Checks on showIf conditions that the schema cannot express: each condition
 * object holds exactly one test or combination; a test names a question that
 * is asked earlier (so conditions can never form a cycle); the test fits that
 * question's type; the values it compares with are the question's own option
 * values, or numbers for number and slider questions; `row` goes only with a
 * type that has rows (a matrix), names one of them, and is there exactly
 * when the test reads one row; {"arm": "b"} stands alone and names an arm of
 * the survey.
 */
import { COMBINATIONS, COMPARISON_TESTS, conditionKey, testsFor, type ComparisonTest, type ConditionKey } from "../../src/core/conditions.ts";
import { optionValue } from "../../src/core/fields.ts";
import { armIds } from "../../src/core/arms.ts";
import { definitionOf, toolsOf } from "../../src/question-types/registry.ts";
import type { Condition, Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { didYouMean, quoted } from "../../src/core/checks/suggest.ts";

/** What an editor who wrote the wrong test most likely meant. */
const COUNTERPART: Partial<Record<ComparisonTest, ComparisonTest>> = { includes: "equals", excludes: "notEquals", equals: "includes", notEquals: "excludes", oneOf: "includes" };

const ALL_KEYS: readonly ConditionKey[] = [...COMPARISON_TESTS, ...COMBINATIONS];

export interface Scope {
  /** Questions before the one the condition belongs to, by id. */
  earlier: Map<string, Question>;
  /** Every question's index, to say where a later one is. */
  indexOf: Map<string, number>;
  /** Index of the question the condition belongs to. */
  owner: number;
  /** The survey's arm ids ({"arm": "b"} names one of them). */
  arms: string[];
}

/** What question `owner` may read: the questions before it. */
export function scopeOf(config: SurveyConfig, owner: number): Scope {
  const indexOf = new Map(config.questions.map((question, index) => [question.id, index]));
  const earlier = new Map(config.questions.slice(0, owner).map((before) => [before.id, before]));
  return { earlier, indexOf, owner, arms: armIds(config) };
}

export function conditionErrors(config: SurveyConfig): Located[] {
  return config.questions.flatMap((question, owner) => (question.showIf ? checkCondition(question.showIf, `/questions/${owner}/showIf`, scopeOf(config, owner)) : []));
}

export function checkCondition(condition: Condition, pointer: string, scope: Scope): Located[] {
  if (condition.arm !== undefined) return armTestErrors(condition, pointer, scope);
  const keys = ALL_KEYS.filter((key) => condition[key] !== undefined);
  if (keys.length === 0) {
    return [{ pointer, message: `needs one test or combination (allowed: ${ALL_KEYS.join(", ")}), e.g. {"question": "pais", "equals": "Brasil"}` }];
  }
  if (keys.length > 1) {
    return [{ pointer: `${pointer}/${keys[1]}`, message: `one condition holds one test, but "${keys[0]}" and "${keys[1]}" are both here; put each in its own condition inside {"all": [ … ]} or {"any": [ … ]}` }];
  }
  const key = conditionKey(condition)!;
  if ((COMBINATIONS as readonly string[]).includes(key)) {
    if (condition.question !== undefined) return [{ pointer: `${pointer}/question`, message: `"question" does not go with "${key}"; name the question inside each condition of "${key}"` }];
    if (condition.not) return checkCondition(condition.not, `${pointer}/not`, scope);
    const parts = (condition.all ?? condition.any)!;
    return parts.flatMap((part, index) => checkCondition(part, `${pointer}/${key}/${index}`, scope));
  }
  return checkTest(condition, key as ComparisonTest, pointer, scope);
}

/** {"arm": "b"}: alone in its object, in a survey with that arm. */
function armTestErrors(condition: Condition, pointer: string, scope: Scope): Located[] {
  const other = Object.keys(condition).find((key) => key !== "arm");
  if (other) return [{ pointer: `${pointer}/${other}`, message: `"arm" is a test of its own, written alone ({"arm": "b"}); put "${other}" in another condition inside {"all": [ … ]}` }];
  const arm = condition.arm!;
  if (scope.arms.includes(arm)) return [];
  const known = scope.arms.length ? `its arms are ${quoted(scope.arms)}${didYouMean(arm, scope.arms)}` : 'it declares no "arms"';
  return [{ pointer: `${pointer}/arm`, message: `"${arm}" is not an arm of this survey: ${known}` }];
}

function checkTest(condition: Condition, test: ComparisonTest, pointer: string, scope: Scope): Located[] {
  const id = condition.question;
  if (id === undefined) return [{ pointer, message: `missing required key "question": the id of the earlier question that "${test}" tests` }];
  const tested = scope.earlier.get(id);
  if (!tested) return [{ pointer: `${pointer}/question`, message: unknownQuestion(id, scope, "a condition") }];
  const allowed = testsFor(tested);
  if (!allowed.includes(test)) {
    const counterpart = COUNTERPART[test];
    const hint = counterpart && allowed.includes(counterpart) ? `; did you mean "${counterpart}"?` : didYouMean(test, allowed);
    return [{ pointer: `${pointer}/${test}`, message: `"${test}" does not fit "${id}", a ${tested.type} question (allowed for ${tested.type}: ${allowed.join(", ")}${hint})` }];
  }
  const rowProblems = rowErrors(condition, test, tested, pointer);
  return rowProblems.length ? rowProblems : valueErrors(condition, test, tested, `${pointer}/${test}`);
}

/** `row`: only on a question with rows, one of its rows, and given exactly when the test reads one row ("is" either way). */
function rowErrors(condition: Condition, test: ComparisonTest, tested: Question, pointer: string): Located[] {
  const rows = toolsOf(tested).conditionRows;
  const row = condition.row;
  if (!rows) {
    return row === undefined ? [] : [{ pointer: `${pointer}/row`, message: `"row" goes only with a question that has rows (a matrix), but "${tested.id}" is a ${tested.type} question; remove "row"` }];
  }
  const values = rows.rows(tested).map(optionValue);
  const example = `{"question": "${tested.id}", "row": ${JSON.stringify(values[0] ?? "")}, "${test}": …}`;
  if (row === undefined) {
    return rows.tests.includes(test) ? [{ pointer, message: `"${test}" on "${tested.id}" reads one row: add "row" with one of its rows (${quoted(values)}), e.g. ${example}` }] : [];
  }
  if (test !== "is" && !rows.tests.includes(test)) return [{ pointer: `${pointer}/row`, message: `"row" does not go with "${test}"; remove "row"` }];
  if (values.includes(row)) return [];
  return [{ pointer: `${pointer}/row`, message: `${JSON.stringify(row)} is not one of the rows of "${tested.id}" (allowed: ${quoted(values)}${didYouMean(row, values)})` }];
}

/** Why `id` cannot be read by `reader` ("a condition"): unknown, the question itself, or a later one. */
export function unknownQuestion(id: string, scope: Scope, reader: string): string {
  const earlier = [...scope.earlier.keys()];
  const allowed = earlier.length ? earlier.join(", ") : `none: the first question cannot have ${reader}`;
  const at = scope.indexOf.get(id);
  if (at === undefined) return `"${id}" is not the id of a question (earlier questions: ${allowed}${didYouMean(id, earlier)})`;
  const where = at === scope.owner ? "is this question itself" : `comes later (/questions/${at})`;
  const hint = didYouMean(id, earlier) || (at > scope.owner ? `; did you mean to move this question after "${id}"?` : "");
  return `"${id}" ${where}; ${reader} may only use questions asked before it (earlier questions: ${allowed}${hint})`;
}

function valueErrors(condition: Condition, test: ComparisonTest, tested: Question, pointer: string): Located[] {
  if (test === "is") return [];
  if (definitionOf(tested).comparesNumbers) {
    const value = condition[test];
    return typeof value === "number" ? [] : [{ pointer, message: `must be a number, since "${tested.id}" is a ${tested.type} question (found ${JSON.stringify(value)})` }];
  }
  const rows = condition.row === undefined ? undefined : toolsOf(tested).conditionRows;
  const options = rows ? rows.values(tested).map(optionValue) : toolsOf(tested).optionValues(tested);
  if (!options) return [];
  const ofWhat = rows ? `the columns of "${tested.id}"` : `the options of "${tested.id}"`;
  const values = test === "oneOf" ? condition.oneOf!.map((value, index) => ({ value, at: `${pointer}/${index}` })) : [{ value: condition[test], at: pointer }];
  return values.flatMap(({ value, at }) => {
    if (typeof value === "string" && options.includes(value)) return [];
    const hint = typeof value === "string" ? didYouMean(value, options) : "";
    return [{ pointer: at, message: `${JSON.stringify(value)} is not one of ${ofWhat} (allowed: ${quoted(options)}${hint})` }];
  });
}
