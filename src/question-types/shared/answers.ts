/** Pieces of definitions that several types share: texts, options and the condition tests. */
import type { AnswerValue } from "../../core/answers.ts";
import type { ComparisonTest } from "../../core/conditions.ts";
import { LIMITS, optionValue } from "../../core/fields.ts";
import type { MessageTexts } from "../../core/resolve-survey.ts";
import type { CompanionField, Option } from "../../generated/survey-config.ts";

export const NUMERIC_TESTS: readonly ComparisonTest[] = ["equals", "notEquals", "lessThan", "atMost", "greaterThan", "atLeast", "is"];
export const CHOICE_TESTS: readonly ComparisonTest[] = ["equals", "notEquals", "oneOf", "is"];
export const TEXT_TESTS: readonly ComparisonTest[] = ["is"];

/** A text as stored: trimmed, and null when nothing is left. */
export function textOf(value: AnswerValue | undefined): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? null : text;
}

export const fitText = (value: unknown, maxLength: number = LIMITS.textLength): string | undefined =>
  typeof value === "string" && value.length <= maxLength ? value : undefined;

/** A draft's choice that is still one of the options. */
export const fitOption = (options: Option[], value: unknown): string | undefined =>
  typeof value === "string" && options.some((option) => optionValue(option) === value) ? value : undefined;

/** A companion field with the default placeholder filled in. */
export const companionWithPlaceholder = <T extends CompanionField>(field: T, messages: MessageTexts): T => ({
  ...field,
  placeholder: field.placeholder ?? messages.otherPlaceholder,
});
