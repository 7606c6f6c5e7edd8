/**
 * The answer fields a survey produces: one per question plus its companion
 * free-text fields ('other' and the always-shown extra box). Everything that
 * maps answers to columns (validation, codegen, migrations, toRow) walks this
 * one list, so a question and its database column can never drift apart.
 * The stored fields add what the page itself records with a response: the
 * hidden fields read from the address and the visit id; the row, its type
 * and its migration walk that list.
 */
import type { Condition, Question, SurveyConfig } from "../generated/survey-config.ts";
import { definitionOf } from "../question-types/definition-of.ts";
import { SEVERAL_LANGUAGES } from "./site-languages.ts";
import { SITE_CONSENT } from "./site-consent.ts";

/** "map": an answer per key (a matrix: its row → its column), stored as a jsonb object. */
export type FieldKind = "text" | "list" | "integer" | "date" | "map";

export interface AnswerField {
  /** camelCase id, the key in the answers object. */
  id: string;
  /** snake_case database column. */
  column: string;
  kind: FieldKind;
  /**
   * true when every row holds a value: a required question that is always
   * asked. A conditional question is null while hidden, so never required
   * here; companion texts are never required.
   */
  required: boolean;
  /** The answer must be given whenever the question is asked (the question's own "required"; false for companions). */
  requiredWhenShown: boolean;
  /** The question's showIf: while it is false the field is not asked and stored as null. */
  condition?: Condition;
  /** The question the field belongs to. */
  question: Question;
  /** JSON pointer of the field's definition in the survey file. */
  pointer: string;
}

/** nomeCompleto → nome_completo, entradaRMJ → entrada_rmj. */
export function snakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

export function columnOf(field: { id: string; column?: string }): string {
  return field.column ?? snakeCase(field.id);
}

export const kindOf = (question: Question): FieldKind => definitionOf(question).kind;

/** The companion free-text field of a question, if it has one. */
export const companionOf = (question: Question) => definitionOf(question).companion(question);

export function answerFields(config: SurveyConfig): AnswerField[] {
  return config.questions.flatMap((question, index) => {
    const pointer = `/questions/${index}`;
    const condition = question.showIf ? { condition: question.showIf } : {};
    const own: AnswerField = {
      id: question.id, column: columnOf(question), kind: kindOf(question),
      required: question.required && !question.showIf, requiredWhenShown: question.required, question, pointer, ...condition,
    };
    const companion = companionOf(question);
    if (!companion) return [own];
    const text: AnswerField = {
      id: companion.field.id, column: columnOf(companion.field), kind: "text",
      required: false, requiredWhenShown: false, question, pointer: `${pointer}/${companion.key}`, ...condition,
    };
    return [own, text];
  });
}

/** A value the page records with the response, not an answer: a hidden field from the address, or the visit id. */
export interface HiddenField {
  id: string;
  column: string;
  kind: "text";
  required: false;
  question?: undefined;
  pointer: string;
}

export type StoredField = AnswerField | HiddenField;

/** The random id of one visit, carried by its visit events and by its response row. */
export const VISIT_ID: HiddenField = { id: "visitId", column: "visit_id", kind: "text", required: false, pointer: "" };

/** The id of the ending the response reached (src/core/endings.ts), stored by surveys that list endings. */
export const ENDING: HiddenField = { id: "ending", column: "ending", kind: "text", required: false, pointer: "/endings" };

/** The language the respondent read the survey in, stored by surveys that list several languages. */
export const LANGUAGE: HiddenField = { id: "language", column: "language", kind: "text", required: false, pointer: "/languages" };

/** The version of the consent text the respondent agreed to (src/core/consent.ts), stored by surveys with a consent step. */
export const CONSENT: HiddenField = { id: "consentVersion", column: "consent_version", kind: "text", required: false, pointer: "/consent" };

/** The version of the survey's definition the respondent was shown (src/core/definition-version.ts), stored by every survey. */
export const DEFINITION_VERSION: HiddenField = { id: "definitionVersion", column: "definition_version", kind: "text", required: false, pointer: "" };

/** The hidden fields read from the address, in the file's order; each is stored under its own name. */
export function hiddenFields(config: SurveyConfig): HiddenField[] {
  return (config.hiddenFields ?? []).map((name, index) => ({ id: name, column: name, kind: "text", required: false, pointer: `/hiddenFields/${index}` }));
}

/** Every column of a response besides id and created_at: answers, then hidden fields, the visit id, the definition's version, the ending when the survey lists endings, the language when it lists several, and the consent version when it asks for consent. */
export function storedFields(config: SurveyConfig): StoredField[] {
  return [...answerFields(config), ...hiddenFields(config), VISIT_ID, DEFINITION_VERSION, ...(config.endings?.length ? [ENDING] : []), ...(SEVERAL_LANGUAGES && (config.languages?.length ?? 0) > 1 ? [LANGUAGE] : []), ...(SITE_CONSENT && config.consent ? [CONSENT] : [])];
}

/** Stored value of an option: the text itself, or the value of a value/label pair. */
export function optionValue(option: string | { value: string }): string {
  return typeof option === "string" ? option : option.value;
}

export function optionLabel(option: string | { label: string }): string {
  return typeof option === "string" ? option : option.label;
}

/** Limits shared by the inputs and the database's CHECK constraints. */
/** Maximum length of a stored text: hidden values are short codes, answers may be long. */
export const textLimitOf = (field: StoredField): number => (field.question ? LIMITS.textLength : LIMITS.hiddenValueLength);

export const LIMITS = { textLength: 2000, listEntries: 30, listEntryLength: 200, hiddenValueLength: 100 } as const;
