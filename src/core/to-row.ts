/**
 * Answers (camelCase ids, form shapes) → one database row (snake_case columns).
 * Texts are trimmed and empty ones become null; an 'other' text counts only
 * while its option is chosen; lists stay lists; the slider's one-element list
 * becomes its number (the question's default when it is not a list, as the
 * spec says); number answers are sent as text. Hidden fields and the visit
 * id are texts like any other; the ending (for a survey that lists endings)
 * is the one the answers reach. Every field of a question that is not asked
 * (its showIf is false) is null, whatever was typed into it before it was
 * hidden. The consent version is the one of the texts the page showed
 * (the page starts the questions only once the consent box is ticked). A
 * survey that shuffles stores the order shown (shown-order.ts); one with
 * arms, the respondent's arm and who chose it (arms.ts). Every row carries
 * the definition's version the visit started on and the page's build commit
 * (definition-version.ts).
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { definitionOf } from "../question-types/definition-of.ts";
import { textOf } from "../question-types/shared/answers.ts";
import type { Answers } from "./answers.ts";
import { reachedEnding } from "./endings.ts";
import { SITE_CONSENT } from "./site-consent.ts";
import { consentVersion } from "./consent.ts";
import { companionOf, CONSENT, DEFINITION_VERSION, ENDING, storedFields, type StoredField } from "./fields.ts";
import { DEFINITION_COMMIT_COLUMN, keptVersion } from "./definition-version.ts";
import { BUILD_COMMIT } from "./build-commit.ts";
import type { ResolvedSurvey } from "./resolve-survey.ts";
import { HONEYPOT } from "./honeypot.ts";
import { BOT_CHECK, ONCE_KEY } from "./once.ts";
import { RECEIPT_COLUMN } from "./receipt.ts";
import { askedQuestions } from "./visibility.ts";
import { SITE_SHUFFLE } from "./site-shuffle.ts";
import type { ShownOrder } from "./shown-order.ts";
import { SITE_ARMS } from "./site-arms.ts";

export type RowValue = string | string[] | number | Record<string, string> | ShownOrder | null;
export type Row = { id: string } & Record<string, RowValue>;

function valueOf(config: SurveyConfig & Pick<ResolvedSurvey, "version">, field: StoredField, answers: Answers): RowValue {
  const { question } = field;
  if (field === DEFINITION_VERSION) return keptVersion(answers[field.id], config.version) || null;
  if (field === ENDING) return reachedEnding(config, answers)?.id ?? null;
  if (SITE_CONSENT && field === CONSENT) return consentVersion(config.consent!);
  const value = answers[field.id];
  if (!question) return textOf(value);
  if (field.id === question.id) return definitionOf(question).rowValue(question, value);
  const revealedBy = companionOf(question)?.revealedBy;
  return revealedBy !== undefined && answers[question.id] !== revealedBy ? null : textOf(value);
}

export function toRow(config: SurveyConfig & Pick<ResolvedSurvey, "version">, answers: Answers, id: string): Row {
  const asked = askedQuestions(config, answers);
  const row: Row = { id, [DEFINITION_COMMIT_COLUMN]: BUILD_COMMIT };
  for (const field of storedFields(config)) row[field.column] = !field.question || asked.has(field.question) ? valueOf(config, field, answers) : null;
  // Only a bot fills it; sent as typed so that the database refuses the row.
  const trap = textOf(answers[HONEYPOT]);
  if (trap !== null) row[HONEYPOT] = trap;
  // One response per person and the bot check (src/once/), the receipt's code (src/receipt/): when the page added them.
  for (const column of [ONCE_KEY, BOT_CHECK, RECEIPT_COLUMN]) {
    const value = textOf(answers[column]);
    if (value !== null) row[column] = value;
  }
  // The order this respondent saw (shown-order.ts): the page keeps it as JSON text in the answers of a survey that shuffles, and of no other.
  // SHOWN_ORDER_ID and SHOWN_ORDER_COLUMN written out: an import would be exported to the submit's chunk, and kept, on a site that shuffles nothing.
  const shownOrder = SITE_SHUFFLE ? answers["shownOrder"] : undefined;
  if (typeof shownOrder === "string") row["shown_order"] = JSON.parse(shownOrder) as ShownOrder;
  // The arm (arms.ts) and who chose it, kept in the answers of a survey with arms and of no other (keys and columns written out, as for the order).
  const arm = SITE_ARMS ? answers["arm"] : undefined;
  if (typeof arm === "string") Object.assign(row, { arm, arm_source: textOf(answers["armSource"]) });
  return row;
}
