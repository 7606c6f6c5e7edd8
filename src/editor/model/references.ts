/**
 * What in a survey depends on a question or on one of its options: the
 * conditions that test it, and the 'other' field that opens on an option.
 * The editor refuses to remove what something depends on and says what.
 */
import { questionsReadBy } from "../../core/conditions.ts";
import type { Condition, Question, SurveyConfig } from "../../generated/survey-config.ts";

/** Every single test (not combination) inside a condition. */
function tests(condition: Condition): Condition[] {
  const parts = condition.all ?? condition.any ?? (condition.not ? [condition.not] : undefined);
  return parts ? parts.flatMap(tests) : [condition];
}

// A matrix row a test reads (`row`) counts as a value it depends on, as its columns do.
const testedValues = (test: Condition): unknown[] => [test.equals, test.notEquals, test.includes, test.excludes, test.topChoice, test.row, ...(test.oneOf ?? [])];

/** Why question `id` cannot be removed, or an empty list. */
export function usesOfQuestion(config: SurveyConfig, id: string): string[] {
  return config.questions
    .filter((question) => question.showIf && questionsReadBy(question.showIf).includes(id))
    .map((question) => `question "${question.id}" is shown only depending on the answer to "${id}"`);
}

/** Why option `value` of `question` cannot be removed, or an empty list. */
export function usesOfOption(config: SurveyConfig, question: Question, value: string): string[] {
  const uses = config.questions
    .filter((other) => other.showIf && tests(other.showIf).some((test) => test.question === question.id && testedValues(test).includes(value)))
    .map((other) => `question "${other.id}" is shown only depending on whether "${value}" was chosen`);
  if ("other" in question && question.other?.option === value) uses.push(`the 'other' text field opens when "${value}" is chosen`);
  return uses;
}
