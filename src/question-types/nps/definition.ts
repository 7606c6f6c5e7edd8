/** The 0–10 recommendation scale: held like a rating (a one-element list, [] unanswered), stored as its number. */
import { SCALE_TESTS } from "../rating/definition.ts";
import { fitPoint, pointOf } from "../rating/points.ts";
import type { QuestionDefinition } from "../types.ts";

export const NPS_MAX = 10;

export const nps = {
  kind: "integer",
  emptyAnswer: () => [],
  requiredMessage: "sliderRequired",
  companion: () => undefined,
  tests: SCALE_TESTS,
  comparesNumbers: true,
  withPlaceholders: (question) => question,
  fitDraft: (_question, value) => fitPoint(value, 0, NPS_MAX),
  rowValue: (_question, value) => pointOf(value, 0, NPS_MAX) ?? null,
} satisfies QuestionDefinition<"nps">;
