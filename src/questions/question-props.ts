import type { Question } from "../generated/survey-config.ts";
import type { FieldA11y } from "../ui/form-field.tsx";

export type QuestionType = Question["type"];

/** The one contract every question component gets: its narrowed config and its ARIA wiring. */
export interface QuestionProps<T extends QuestionType = QuestionType> {
  question: Extract<Question, { type: T }>;
  a11y: FieldA11y;
}
