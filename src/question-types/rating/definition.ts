/**
 * One of 3 to 10 points, numbered from 1. The form holds it as a
 * one-element list, as the slider does, so conditions and recall read its
 * number; unanswered is the empty list, stored as null.
 */
import { DEFAULT_POINTS, pointScale } from "./points.ts";

export const rating = /* @__PURE__ */ pointScale<"rating">((question) => [1, question.points ?? DEFAULT_POINTS]);
