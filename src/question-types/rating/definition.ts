/**
 * One of 3 to 10 points, numbered from 1. The form holds it as a
 * one-element list, as the slider does, so conditions and recall read its
 * number; unanswered is the empty list, stored as null.
 */
import { DEFAULT_POINTS, fitPoint, pointOf } from "./points.ts";
import type { QuestionDefinition } from "../types.ts";

export const SCALE_TESTS = ["equals", "atLeast", "atMost", "is"] as const;

export const rating = {
  kind: "integer",
  emptyAnswer: () => [],
  requiredMessage: "sliderRequired",
  companion: () => undefined,
  tests: SCALE_TESTS,
  comparesNumbers: true,
  withPlaceholders: (question) => question,
  fitDraft: (question, value) => fitPoint(value, 1, question.points ?? DEFAULT_POINTS),
  rowValue: (question, value) => pointOf(value, 1, question.points ?? DEFAULT_POINTS) ?? null,
} satisfies QuestionDefinition<"rating">;
