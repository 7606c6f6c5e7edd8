/** A scale of whole points held as the slider's one-element list ([] while unanswered), shared by rating and nps. */
import type { AnswerValue } from "../../core/answers.ts";
import type { QuestionDefinition, QuestionOf } from "../types.ts";

export const DEFAULT_POINTS = 5;

/** The point in the answer, when it is a whole number from `min` to `max`. */
export function pointOf(value: unknown, min: number, max: number): number | undefined {
  const point = Array.isArray(value) ? value[0] : undefined;
  return typeof point === "number" && Number.isInteger(point) && point >= min && point <= max ? point : undefined;
}

export const fitPoint = (value: unknown, min: number, max: number): AnswerValue | undefined => {
  if (Array.isArray(value) && value.length === 0) return [];
  const point = pointOf(value, min, max);
  return point === undefined ? undefined : [point];
};

export const SCALE_TESTS = ["equals", "atLeast", "atMost", "is"] as const;

type Scale = "rating" | "nps";

/** The definition of a point scale from its lowest to its highest point. */
export const pointScale = <T extends Scale>(bounds: (question: QuestionOf<T>) => [min: number, max: number]): QuestionDefinition<T> => {
  const scale = bounds as (question: QuestionOf<Scale>) => [number, number];
  // Written once for both, then cast to one: TypeScript cannot read a property through a generic Extract.
  return {
    kind: "integer",
    emptyAnswer: () => [],
    requiredMessage: "sliderRequired",
    companion: () => undefined,
    tests: SCALE_TESTS,
    comparesNumbers: true,
    withPlaceholders: (question) => question,
    fitDraft: (question, value) => fitPoint(value, ...scale(question)),
    rowValue: (question, value) => pointOf(value, ...scale(question)) ?? null,
  } satisfies QuestionDefinition<Scale> as unknown as QuestionDefinition<T>;
};
