/**
 * Checks on a survey's endings that the schema cannot express: each showIf
 * is a valid condition on any question of the survey (an ending is reached
 * after the last one, so every question is earlier); the ids differ; the last
 * ending, and only it, has no showIf (it is the default, and an ending after
 * a default, or after an ending with the same condition, could never be
 * reached); no question's column is "ending", which holds the ending reached.
 */
import { answerFields, ENDING } from "../../src/core/fields.ts";
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import { checkCondition, scopeOf } from "./condition-checks.ts";
import type { Located } from "../../src/core/checks/located.ts";

export function endingErrors(config: SurveyConfig): Located[] {
  const endings = config.endings ?? [];
  if (!endings.length) return [];
  const scope = scopeOf(config, config.questions.length);
  const errors: Located[] = endings.flatMap((ending, index) => (ending.showIf ? checkCondition(ending.showIf, `/endings/${index}/showIf`, scope) : []));
  const seen = new Map<string, number>();
  endings.forEach((ending, index) => {
    const pointer = `/endings/${index}`;
    const twin = seen.get(ending.id);
    if (twin !== undefined) errors.push({ pointer: `${pointer}/id`, message: `"${ending.id}" is already the id of /endings/${twin}; give each ending its own id` });
    else seen.set(ending.id, index);
    const last = index === endings.length - 1;
    if (last && ending.showIf) errors.push({ pointer: `${pointer}/showIf`, message: `the last ending is the default, reached when no other ending applies; remove its showIf, or add an ending without showIf after it` });
    const earlier = endings.slice(0, index).findIndex((before) => !before.showIf || JSON.stringify(before.showIf) === JSON.stringify(ending.showIf));
    if (earlier !== -1) {
      const why = endings[earlier]!.showIf ? "has the same showIf" : "has no showIf (the default)";
      errors.push({ pointer, message: `can never be reached: /endings/${earlier} ("${endings[earlier]!.id}") comes first and ${why}; move the default to the end or change the condition` });
    }
  });
  const taken = answerFields(config).find((field) => field.column === ENDING.column);
  if (taken) errors.push({ pointer: taken.pointer, message: `column "${ENDING.column}" holds the ending each response reached; give this field another id or column` });
  return errors;
}
