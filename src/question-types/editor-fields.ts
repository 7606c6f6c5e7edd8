/**
 * A type's settings in the editor, as data (SurveyJS's take: the type
 * describes its own settings and the editor draws them). Keys are relative
 * to the question; src/editor/question-fields.tsx draws each kind of field.
 */
import type { MessageTexts } from "../core/resolve-survey.ts";

export type EditorField =
  /** A text; `fallback` names the survey message shown while it is empty. */
  | { kind: "textField"; key: string; label: string; optional?: boolean; fallback?: keyof MessageTexts }
  | { kind: "numberField"; key: string; label: string; optional?: boolean }
  /** Fields side by side. */
  | { kind: "row"; fields: EditorField[] }
  /** The option list. */
  | { kind: "options" }
  /** The companion text field's label and placeholder, when the question has one; `{option}` in the legend is the option that reveals it. */
  | { kind: "companion"; legend: string }
  /** A slider's texts for ranges of values. */
  | { kind: "valueLabels" };

/** The placeholder of a question whose answer is typed. */
export const ANSWER_PLACEHOLDER: EditorField = { kind: "textField", key: "placeholder", label: "Placeholder", optional: true, fallback: "answerPlaceholder" };
