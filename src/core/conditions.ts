/**
 * The meaning of a `showIf` condition, written once for the page (this file)
 * and the database (scripts/sql/condition-sql.ts mirrors it test for test).
 *
 * A condition is either one test on one earlier answer or a combination
 * (all / any / not). The validator guarantees at build time that each object
 * holds exactly one test and that the test fits the tested question's type,
 * so here a test is simply the first test key present.
 *
 * Unanswered answers: equals, oneOf, includes, topChoice and every comparison
 * are false; notEquals and excludes are their negations, so true; "is" says
 * which.
 *
 * `row` narrows an answer per key (a matrix: row → column) to the one row it
 * names, which is then tested like a chosen option (an unanswered row is
 * empty). Which tests take a row is the type's (validate enforces it).
 */
import type { Condition, Question } from "../generated/survey-config.ts";
import { definitionOf } from "../question-types/definition-of.ts";
import { type AnswerValue, isEmptyAnswer } from "./answers.ts";
import { SITE_ARMS } from "./site-arms.ts";

export const COMPARISON_TESTS = ["equals", "notEquals", "oneOf", "includes", "excludes", "lessThan", "atMost", "greaterThan", "atLeast", "before", "after", "topChoice", "is"] as const;
export const COMBINATIONS = ["all", "any", "not"] as const;

export type ComparisonTest = (typeof COMPARISON_TESTS)[number];
export type Combination = (typeof COMBINATIONS)[number];
export type ConditionKey = ComparisonTest | Combination;

/** The tests a question takes, by its type (validate enforces them; the editor offers only these). */
export const testsFor = (question: Question): readonly ComparisonTest[] => definitionOf(question).tests;

/** The one test or combination key of a condition object. */
export function conditionKey(condition: Condition): ConditionKey | undefined {
  return [...COMPARISON_TESTS, ...COMBINATIONS].find((key) => condition[key] !== undefined);
}

/**
 * A number answer as the page and the database both read it: a decimal
 * number, optionally signed, with an exponent, surrounded by blanks at most.
 * The same pattern is used in SQL so both sides agree on what is a number.
 */
export const NUMBER_PATTERN = "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$";
const NUMBER = new RegExp(NUMBER_PATTERN);

/** The number a number or slider answer holds, if any. */
export function numberOf(value: AnswerValue | undefined): number | undefined {
  if (typeof value === "string") return NUMBER.test(value) ? Number(value) : undefined;
  if (Array.isArray(value) && typeof value[0] === "number") return value[0];
  return undefined;
}

function equals(expected: string | number, value: AnswerValue | undefined): boolean {
  return typeof expected === "number" ? numberOf(value) === expected : value === expected;
}

/** A date answer (YYYY-MM-DD) compared with a date: ISO dates order as texts. */
const dateIs = (value: AnswerValue | undefined, holds: (answer: string) => boolean) => typeof value === "string" && value !== "" && holds(value);

function compare(value: AnswerValue | undefined, holds: (answer: number) => boolean): boolean {
  const answer = numberOf(value);
  return answer !== undefined && holds(answer);
}

/** Looks up the answer a condition tests; a hidden question's answer is undefined. */
export type AnswerLookup = (questionId: string) => AnswerValue | undefined;

/** The answer of one key of an answer per key (a matrix row), undefined while that key is unanswered. */
export function entryOf(value: AnswerValue | undefined, key: string): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
  const entry = (value as Record<string, unknown>)[key];
  return typeof entry === "string" ? entry : undefined;
}

export function conditionHolds(condition: Condition, answerOf: AnswerLookup): boolean {
  if (condition.all) return condition.all.every((part) => conditionHolds(part, answerOf));
  if (condition.any) return condition.any.some((part) => conditionHolds(part, answerOf));
  if (condition.not) return !conditionHolds(condition.not, answerOf);
  // A/B arms (arms.ts): the respondent's arm, kept in the answers under "arm" (written out, as in toRow: an import would reach a site without arms).
  if (SITE_ARMS && condition.arm !== undefined) return answerOf("arm") === condition.arm;
  const answer = answerOf(condition.question ?? "");
  const value = condition.row === undefined ? answer : entryOf(answer, condition.row);
  const ticked = (option: string) => Array.isArray(value) && (value as unknown[]).includes(option);
  switch (conditionKey(condition)) {
    case "equals":
      return equals(condition.equals!, value);
    case "notEquals":
      return !equals(condition.notEquals!, value);
    case "oneOf":
      return typeof value === "string" && condition.oneOf!.includes(value);
    case "includes":
      return ticked(condition.includes!);
    case "excludes":
      return !ticked(condition.excludes!);
    case "lessThan":
      return compare(value, (answer) => answer < condition.lessThan!);
    case "atMost":
      return compare(value, (answer) => answer <= condition.atMost!);
    case "greaterThan":
      return compare(value, (answer) => answer > condition.greaterThan!);
    case "atLeast":
      return compare(value, (answer) => answer >= condition.atLeast!);
    case "before":
      return dateIs(value, (answer) => answer < condition.before!);
    case "after":
      return dateIs(value, (answer) => answer > condition.after!);
    case "topChoice":
      return Array.isArray(value) && value.length > 0 && value[0] === condition.topChoice;
    case "is":
      return condition.is === "empty" ? isEmptyAnswer(value) : !isEmptyAnswer(value);
    default:
      // Unreachable for a validated config: a condition without a test never holds rather than throwing at a respondent.
      return false;
  }
}

/** Ids of the questions a condition reads, for watching only those answers (and the arm's key, "arm", for a test of the arm: its value arrives once the database assigns it). */
export function questionsReadBy(condition: Condition): string[] {
  const parts = condition.all ?? condition.any ?? (condition.not ? [condition.not] : undefined);
  if (parts) return parts.flatMap(questionsReadBy);
  return condition.question ? [condition.question] : SITE_ARMS && condition.arm !== undefined ? ["arm"] : [];
}
