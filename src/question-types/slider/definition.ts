/**
 * A whole number on a scale from min to max in steps, starting at its
 * default. The form holds it as a one-element list (what the slider
 * primitive works with); the column holds the number. It has no empty state.
 */
import { NUMERIC_TESTS } from "../shared/answers.ts";
import type { QuestionDefinition } from "../types.ts";

export const slider = {
  kind: "integer",
  emptyAnswer: (question) => [question.default],
  requiredMessage: "sliderRequired",
  companion: () => undefined,
  tests: NUMERIC_TESTS,
  comparesNumbers: true,
  withPlaceholders: (question) => question,
  fitDraft(question, value) {
    const number = Array.isArray(value) ? value[0] : undefined;
    if (typeof number !== "number" || !Number.isInteger(number) || number < question.min || number > question.max) return undefined;
    return (number - question.min) % (question.step ?? 1) === 0 ? [number] : undefined;
  },
  // As the spec says: the default when the answer is not a list.
  rowValue: (question, value) => (Array.isArray(value) && typeof value[0] === "number" ? value[0] : question.default),
} satisfies QuestionDefinition<"slider">;
