/**
 * Fills {professionalName} into every text of a survey once, up front, so that
 * components render plain strings. Other placeholders ({current}, {percent})
 * are left for the moment they are known.
 */
import type { SurveyConfig } from "../generated/survey-config.ts";
import { interpolate } from "./interpolate.ts";

function resolveDeep<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string") return interpolate(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => resolveDeep(item, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveDeep(item, values)])) as T;
  }
  return value;
}

export function resolveTexts(config: SurveyConfig): SurveyConfig {
  return resolveDeep(config, { professionalName: config.professionalName });
}
