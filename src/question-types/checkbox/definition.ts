/**
 * Any number of options (up to maxSelections), stored as a list of option
 * values; an extra free-text box may go with it, always shown.
 */
import { LIMITS, optionValue } from "../../core/fields.ts";
import { companionWithPlaceholder } from "../shared/answers.ts";
import type { QuestionDefinition } from "../types.ts";

export const checkbox = {
  kind: "list",
  emptyAnswer: () => [],
  requiredMessage: "checkboxRequired",
  companion: (question) => (question.extraText ? { field: question.extraText, key: "extraText" } : undefined),
  tests: ["includes", "excludes", "is"],
  comparesNumbers: false,
  withPlaceholders: (question, messages) => (question.extraText ? { ...question, extraText: companionWithPlaceholder(question.extraText, messages) } : question),
  fitDraft(question, value) {
    if (!Array.isArray(value)) return undefined;
    const options = new Set(question.options.map(optionValue));
    const kept = [...new Set(value.filter((entry): entry is string => typeof entry === "string" && options.has(entry)))];
    const limit = Math.min(question.maxSelections ?? Infinity, LIMITS.listEntries);
    return kept.length > limit ? undefined : kept;
  },
  rowValue: (_question, value) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []),
} satisfies QuestionDefinition<"checkbox">;
