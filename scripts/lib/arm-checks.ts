/**
 * Checks on a survey's arms (src/core/arms.ts) that the schema cannot
 * express: distinct ids; each override names a question of the survey, and
 * not the first one (the prerendered page shows it before the arm is known,
 * so it reads the same in every arm, and it may not be asked in one arm
 * only); relabelled options are the question's own values; an optionOrder
 * lists each of them once, on a question whose options are not shuffled
 * (the draw would undo it); no question takes the columns the arm is stored
 * in; the assignment's function name fits PostgreSQL's 63 bytes. Unknown arms in conditions are condition-checks.ts's to say.
 */
import { ARM_COLUMN, ARM_ID, ARM_SOURCE_COLUMN, ARM_SOURCE_ID, armFunctionName } from "../../src/core/arms.ts";
import { questionsReadBy } from "../../src/core/conditions.ts";
import { columnOf } from "../../src/core/fields.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { didYouMean, quoted } from "../../src/core/checks/suggest.ts";
import type { ArmQuestion, Question, SurveyConfig } from "../../src/generated/survey-config.ts";
import { toolsOf } from "../../src/question-types/registry.ts";

const FIRST_SCREEN = "the first question is on screen before the arm is known, so it is the same in every arm";

function overrideErrors(question: Question, own: ArmQuestion, pointer: string): Located[] {
  const values = toolsOf(question).optionValues(question);
  const errors: Located[] = [];
  // A matrix's values are its columns, which the arm's options do not reach (armedSurvey rewrites `options`): refused, not ignored.
  if ((own.options || own.optionOrder) && (!values || !("options" in question))) return [{ pointer, message: `"${question.id}" is a ${question.type} question, without options to relabel or reorder (an arm rewords its title and subtitle)` }];
  for (const value of Object.keys(own.options ?? {})) {
    if (!values!.includes(value)) errors.push({ pointer: `${pointer}/options/${value.replaceAll("~", "~0").replaceAll("/", "~1")}`, message: `"${value}" is not an option value of "${question.id}" (its values: ${quoted(values!)}${didYouMean(value, values!)})` });
  }
  if (own.optionOrder) {
    const missing = values!.filter((value) => !own.optionOrder!.includes(value));
    const unknown = own.optionOrder.filter((value) => !values!.includes(value));
    if (missing.length || unknown.length) errors.push({ pointer: `${pointer}/optionOrder`, message: `lists every option value of "${question.id}" once (${[missing.length && `missing ${quoted(missing)}`, unknown.length && `not its options: ${quoted(unknown)}`].filter(Boolean).join("; ")})` });
    if ("shuffleOptions" in question && question.shuffleOptions) errors.push({ pointer: `${pointer}/optionOrder`, message: `"${question.id}" shuffles its options for every respondent; remove optionOrder or shuffleOptions` });
  }
  return errors;
}

export function armErrors(config: SurveyConfig): Located[] {
  const errors: Located[] = [];
  // A PostgreSQL identifier is at most 63 bytes: a longer function name would be cut, and the page would call a name that does not exist.
  if (config.arms && new TextEncoder().encode(armFunctionName(config.table)).length > 63) errors.push({ pointer: "/table", message: `the table name is too long for arms (${armFunctionName(config.table)} passes PostgreSQL's 63 bytes); choose a shorter "table"` });
  const reserved = config.questions.findIndex((question) => [ARM_ID, ARM_SOURCE_ID].includes(question.id) || [ARM_COLUMN, ARM_SOURCE_COLUMN].includes(columnOf(question)));
  if (config.arms && reserved >= 0) errors.push({ pointer: `/questions/${reserved}`, message: `the columns "${ARM_COLUMN}" and "${ARM_SOURCE_COLUMN}" hold each respondent's arm: give this question another id or column` });
  const first = config.questions[0];
  if (first?.showIf && questionsReadBy(first.showIf).includes(ARM_ID)) errors.push({ pointer: "/questions/0/showIf", message: `${FIRST_SCREEN}: ask a question of one arm from the second question on` });
  const byId = new Map(config.questions.map((question) => [question.id, question]));
  const seen = new Map<string, number>();
  (config.arms ?? []).forEach((arm, index) => {
    const pointer = `/arms/${index}`;
    const twin = seen.get(arm.id);
    if (twin !== undefined) errors.push({ pointer: `${pointer}/id`, message: `"${arm.id}" is already the id of /arms/${twin}; give each arm its own id` });
    else seen.set(arm.id, index);
    for (const [id, own] of Object.entries(arm.questions ?? {})) {
      const at = `${pointer}/questions/${id}`;
      const question = byId.get(id);
      if (!question) errors.push({ pointer: at, message: `"${id}" is not a question of this survey${didYouMean(id, [...byId.keys()])}` });
      else if (question === first) errors.push({ pointer: at, message: `${FIRST_SCREEN}: change a later question` });
      else errors.push(...overrideErrors(question, own, at));
    }
  });
  return errors;
}
