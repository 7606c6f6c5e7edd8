/**
 * "Restore only what still fits": a draft may have been written under an
 * older version of the survey file. An answer comes back only into a field
 * that still exists, of a question with the same type, with a value the
 * question accepts today (a current option, a slider value in range and on a
 * step, a text within its length); everything else is dropped silently and
 * that field starts empty. The respondent lands on the question they had
 * reached, or earlier on the first question that now lacks a required answer.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { definitionOf } from "../question-types/definition-of.ts";
import type { ResolvedSurvey } from "./resolve-survey.ts";
import { emptyAnswers, type Answers, type AnswerValue } from "./answers.ts";
import type { Draft } from "./draft.ts";
import { answerFields, DEFINITION_VERSION, hiddenFields, LANGUAGE, LIMITS, storedFields, textLimitOf, VISIT_ID, type AnswerField } from "./fields.ts";
import { keptVersion } from "./definition-version.ts";
import { SEVERAL_LANGUAGES } from "./site-languages.ts";
import { SITE_SHUFFLE } from "./site-shuffle.ts";
import { fitShownOrder, orderedSurvey, orderOf, SHOWN_ORDER_ID, usesShuffle, type ShownOrder } from "./shown-order.ts";
import { validateQuestion } from "./validation.ts";
import { SITE_ARMS } from "./site-arms.ts";
import { ARM_ID, ARM_SOURCE_ID, knownArm } from "./arms.ts";

export interface RestoredDraft {
  index: number;
  answers: Answers;
}

const isText = (value: unknown, maxLength: number): value is string => typeof value === "string" && value.length <= maxLength;

/** The value the field takes from the draft, or undefined when it no longer fits. */
function fitValue(field: AnswerField, value: unknown): AnswerValue | undefined {
  const { question } = field;
  if (field.id !== question.id) return isText(value, LIMITS.textLength) ? value : undefined;
  return definitionOf(question).fitDraft(question, value);
}

function landingIndex(config: ResolvedSurvey, draft: Draft, answers: Answers): number {
  const last = config.questions.length - 1;
  const byId = config.questions.findIndex((question) => question.id === draft.questionId);
  const reached = byId !== -1 ? byId : Math.min(Math.max(draft.index, 0), last);
  const unanswered = config.questions.findIndex((question, index) => index < reached && validateQuestion(question, answers, config.messages) !== undefined);
  return unanswered === -1 ? reached : unanswered;
}

/** What of the draft goes back into today's survey; undefined when nothing does. */
export function fitDraft(config: ResolvedSurvey, draft: Draft): RestoredDraft | undefined {
  const empty = emptyAnswers(config);
  const answers = { ...empty };
  let restored = 0;
  for (const field of answerFields(config)) {
    if (!Object.hasOwn(draft.answers, field.id) || draft.types[field.question.id] !== field.question.type) continue;
    const value = fitValue(field, draft.answers[field.id]);
    if (value === undefined) continue;
    answers[field.id] = value;
    if (JSON.stringify(value) !== JSON.stringify(empty[field.id])) restored += 1;
  }
  const index = landingIndex(config, draft, answers);
  return restored === 0 && index === 0 ? undefined : { index, answers };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A visit id as the page makes them (a UUID): what a draft or a row may carry on. */
export const isVisitId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * What a resumed visit carries on besides the answers: the draft's visit id
 * (one visit, however many reloads, so the report counts it once and sees it
 * end), and its hidden-field values where the address the survey was opened
 * with again has none (a reload or a bookmark without the campaign's query).
 * `opening` holds this page's own values, kept for whatever does not fit.
 * Random order, the A/B arm and the definition's version come back as the draft had them.
 */
export function carriedOver(config: SurveyConfig, draft: Draft, opening: Answers): Answers {
  const carried: Answers = {};
  for (const field of hiddenFields(config)) {
    const saved = draft.answers[field.id];
    const fits = typeof saved === "string" && saved.length <= textLimitOf(field);
    carried[field.id] = opening[field.id] === "" && fits ? saved : (opening[field.id] ?? "");
  }
  const visitId = draft.answers[VISIT_ID.id];
  carried[VISIT_ID.id] = isVisitId(visitId) ? visitId : (opening[VISIT_ID.id] ?? "");
  // The version the draft was started on: its row says what it was shown first (the database still accepts it after a deploy).
  carried[DEFINITION_VERSION.id] = keptVersion(draft.answers[DEFINITION_VERSION.id], opening[DEFINITION_VERSION.id] as string | undefined);
  // The page's own language: the page was chosen from the draft's before it painted (language-redirect.ts).
  if (SEVERAL_LANGUAGES && storedFields(config).includes(LANGUAGE)) carried[LANGUAGE.id] = opening[LANGUAGE.id]!;
  // The order the draft was shown in, where it still fits: the respondent resumes on the screens they saw.
  if (SITE_SHUFFLE && usesShuffle(config)) carried[SHOWN_ORDER_ID] = JSON.stringify(draftOrder(config, draft));
  // The draft's arm, while the survey still has it: a reload shows the same variant (and the database is not asked again).
  if (SITE_ARMS) Object.assign(carried, draftArm(config, draft));
  return carried;
}

/** The draft's arm and who chose it, as the answers keep them; nothing when the survey no longer has that arm. */
function draftArm(config: SurveyConfig, draft: Draft): Answers {
  const arm = knownArm(config, draft.answers[ARM_ID]);
  return arm ? { [ARM_ID]: arm, [ARM_SOURCE_ID]: draft.answers[ARM_SOURCE_ID] === "page" ? "page" : "database" } : {};
}

/** The draft's order where it fits today's file, else the page's own (the order `config` is in already). */
export function draftOrder(config: Pick<SurveyConfig, "questions" | "questionBlocks">, draft: Draft): ShownOrder {
  return fitShownOrder(config, draft.answers[SHOWN_ORDER_ID], orderOf(config));
}

/** The survey in the order a draft is restored into (carriedOver carries the same order into the answers). */
export function inDraftOrder<T extends Pick<SurveyConfig, "questions" | "questionBlocks">>(config: T, draft: Draft): T {
  return usesShuffle(config) ? orderedSurvey(config, draftOrder(config, draft)) : config;
}

/** A partial response's row in its own order (partial-resume.ts's RowOrder), for a survey that shuffles. */
export function rowOrder(config: ResolvedSurvey, stored: unknown): { survey: ResolvedSurvey; shownOrder: string } | undefined {
  if (!usesShuffle(config)) return undefined;
  const order = fitShownOrder(config, stored, orderOf(config));
  return { survey: orderedSurvey(config, order), shownOrder: JSON.stringify(order) };
}
