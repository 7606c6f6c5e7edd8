/**
 * Checks on a survey's quotas (src/core/quotas.ts) that the schema cannot
 * express: each `when` is a valid condition on any question of the survey
 * (a quota is counted when the response is stored, after every question);
 * the ids differ; each screen-out page has an address of its own (not the
 * thank-you page, an ending's or another quota's); hideOption only on a
 * quota that names one option of a radio or select question.
 */
import { endingPath } from "../../src/core/endings.ts";
import { quotaOption, screenOutPath } from "../../src/core/quotas.ts";
import { thankYouPath } from "../../src/core/resolve-survey.ts";
import type { Condition, SurveyConfig } from "../../src/generated/survey-config.ts";
import { picksOneOption } from "../../src/quotas/picks-one-option.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { checkCondition, scopeOf } from "./condition-checks.ts";


export function quotaErrors(config: SurveyConfig): Located[] {
  const quotas = config.quotas ?? [];
  if (!quotas.length) return [];
  const scope = scopeOf(config, config.questions.length);
  const surveyPath = thankYouPath(config);
  const pages = new Map<string, string>([[surveyPath, "the survey's thank-you page"]]);
  for (const ending of config.endings ?? []) pages.set(endingPath(ending, surveyPath), `the page of the ending "${ending.id}"`);
  const ids = new Map<string, number>();
  return quotas.flatMap((quota, index) => {
    const pointer = `/quotas/${index}`;
    const errors = checkCondition(quota.when, `${pointer}/when`, scope);
    const twin = ids.get(quota.id);
    if (twin !== undefined) errors.push({ pointer: `${pointer}/id`, message: `"${quota.id}" is already the id of /quotas/${twin}; give each quota its own id` });
    else ids.set(quota.id, index);
    const path = screenOutPath(quota, surveyPath);
    const taken = pages.get(path);
    if (taken) errors.push({ pointer: `${pointer}/screenOut`, message: `its page's address ${path} is already ${taken}; give screenOut a "path" of its own` });
    else pages.set(path, `the screen-out page of the quota "${quota.id}"`);
    if (quota.hideOption) errors.push(...hideOptionErrors(config, quota.when, `${pointer}/hideOption`));
    return errors;
  });
}

function hideOptionErrors(config: SurveyConfig, when: Condition, pointer: string): Located[] {
  const named = quotaOption(when);
  const question = named && config.questions.find((each) => each.id === named.question);
  if (!named || !question || !picksOneOption(question)) {
    return [{ pointer, message: 'only a quota on one option can hide it: write "when" as one equals test on a radio or select question ({"question": "pais", "equals": "Colombia"}), or remove hideOption' }];
  }
  // Whether the option is one of the question's is checkCondition's to say.
  return [];
}
