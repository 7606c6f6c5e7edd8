/** A scale of whole points held as the slider's one-element list ([] while unanswered), shared by rating and nps. */
import type { AnswerValue } from "../../core/answers.ts";

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
