/**
 * Checks on a survey's one-response policy (src/core/once.ts) that the
 * schema cannot express: "field" names a question, asked of everyone, whose
 * answer is one line of text (a text or email question), and
 * oncePerQuestion is not written for another policy, where it would do nothing.
 */
import type { SurveyConfig } from "../../src/generated/survey-config.ts";
import type { Located } from "../../src/core/checks/located.ts";
import { oncePolicy } from "../../src/core/once.ts";

const FIELD_TYPES = ["text", "email"];

export function onceErrors(config: SurveyConfig): Located[] {
  const policy = oncePolicy(config);
  const id = config.oncePerQuestion;
  if (policy !== "field") {
    return id === undefined ? [] : [{ pointer: "/oncePerQuestion", message: `oncePerQuestion is used only with oncePer "field" (this survey has "${policy}"); remove it, or set oncePer to "field"` }];
  }
  if (id === undefined) return [{ pointer: "/oncePer", message: `oncePer "field" needs oncePerQuestion: the id of the question whose answer may appear in one response only, e.g. the e-mail` }];
  const question = config.questions.find((candidate) => candidate.id === id);
  if (!question) return [{ pointer: "/oncePerQuestion", message: `"${id}" is not the id of a question of this survey (ids: ${config.questions.map((candidate) => candidate.id).join(", ")})` }];
  if (!FIELD_TYPES.includes(question.type)) return [{ pointer: "/oncePerQuestion", message: `"${id}" is a ${question.type} question; one response per answer needs a text or email question` }];
  if (!question.required || question.showIf) return [{ pointer: "/oncePerQuestion", message: `"${id}" must be required and asked of everyone (no showIf): a response without it could not be told apart from another` }];
  return [];
}
