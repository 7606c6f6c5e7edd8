/**
 * A stored order replayed: the screens a respondent saw, in order, from the
 * survey file, the response's shown_order and its answers. The page draws
 * every screen from orderedSurvey (shown-order.ts) and the questions asked
 * from visibilityOf, so this is the same sequence the respondent walked
 * (questions hidden by a condition are not screens). For the report and the tests.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import type { Answers } from "./answers.ts";
import { optionValue } from "./fields.ts";
import { orderedSurvey, readShownOrder } from "./shown-order.ts";
import { visibilityOf } from "./visibility.ts";

export interface Screen {
  question: string;
  /** The option values in the order shown, for a question with options. */
  options?: string[];
  /** The row values in the order shown, for a matrix. */
  rows?: string[];
}

const valuesOf = (list: unknown): string[] | undefined => (Array.isArray(list) ? (list as (string | { value: string })[]).map(optionValue) : undefined);

export function replayScreens(config: SurveyConfig, storedOrder: unknown, answers: Answers): Screen[] {
  const survey = orderedSurvey(config, readShownOrder(storedOrder) ?? {});
  const visible = visibilityOf(survey, answers);
  return survey.questions.flatMap((question, index) => {
    if (!visible[index]) return [];
    const options = "options" in question ? valuesOf(question.options) : undefined;
    const rows = "rows" in question ? valuesOf(question.rows) : undefined;
    return [{ question: question.id, ...(options && { options }), ...(rows && { rows }) }];
  });
}
