import type { FieldA11y } from "../ui/form-field.tsx";
import type { QuestionOf, QuestionType } from "./types.ts";

/** The one contract every question input gets: its narrowed config and its ARIA wiring. */
export interface QuestionProps<T extends QuestionType = QuestionType> {
  question: QuestionOf<T>;
  a11y: FieldA11y;
}
