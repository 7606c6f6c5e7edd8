/**
 * A type's settings in the editor, as data (SurveyJS's take: the type
 * describes its own settings and the editor draws them). Keys are relative
 * to the question; src/editor/question-fields.tsx draws each kind of field.
 */
import type { MessageTexts } from "../core/resolve-survey.ts";
import type { EditorLanguage } from "../editor/words/index.ts";

/** A label in each of the editor's languages: the type words its own settings. */
export type EditorText = Record<EditorLanguage, string>;

export type EditorField =
  /** A text; `fallback` names the survey message shown while it is empty. */
  | { kind: "textField"; key: string; label: EditorText; optional?: boolean; fallback?: keyof MessageTexts }
  | { kind: "numberField"; key: string; label: EditorText; optional?: boolean }
  /** Fields side by side. */
  | { kind: "row"; fields: EditorField[] }
  /** The option list, or another list written like options (`key`: a matrix's "rows" or "columns"), under its own legend. */
  | { kind: "options"; key?: "options" | "rows" | "columns"; legend?: EditorText }
  /** One of a few values (`choices`); an optional one may be left out (its first choice is then the default, named `unset`). */
  | { kind: "choice"; key: string; label: EditorText; choices: { value: string; label: EditorText }[]; optional?: boolean; unset?: EditorText }
  /** A date limit: none (when optional), a fixed date ("2026-01-31"), or a number of days from the respondent's today ({ "daysFromToday": n }). */
  | { kind: "dateBound"; key: string; label: EditorText }
  /** The companion text field's label and placeholder, when the question has one; `{option}` in the legend is the option that reveals it. */
  | { kind: "companion"; legend: EditorText }
  /** A slider's texts for ranges of values. */
  | { kind: "valueLabels" }
  /** A yes/no setting, left out of the file while off. */
  | { kind: "switch"; key: string; label: EditorText };

/** A choice question's random order (src/core/shown-order.ts); each option's anchor is drawn by the option list while it is on. */
export const SHUFFLE_OPTIONS: EditorField = { kind: "switch", key: "shuffleOptions", label: { "pt-BR": "Embaralhar as opções para cada pessoa", es: "Mezclar las opciones para cada persona", en: "Shuffle the options for each respondent" } };
export const SHUFFLE_ROWS: EditorField = { kind: "switch", key: "shuffleRows", label: { "pt-BR": "Embaralhar as linhas para cada pessoa", es: "Mezclar las filas para cada persona", en: "Shuffle the rows for each respondent" } };

/** The placeholder of a question whose answer is typed. */
export const PLACEHOLDER: EditorText = { "pt-BR": "Texto de exemplo no campo", es: "Texto de ejemplo en el campo", en: "Placeholder" };
export const ANSWER_PLACEHOLDER: EditorField = { kind: "textField", key: "placeholder", label: PLACEHOLDER, optional: true, fallback: "answerPlaceholder" };
